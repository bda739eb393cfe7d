export { blogQuery, publishedPosts, type BlogPost } from './api'
