export { blogQuery, publishedPosts, type BlogPost } from './api'
export { PostCard } from './components/post-card'
