export { blogOf, blogQuery, publishedPosts, type BlogPost } from './api'
