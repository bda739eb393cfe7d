export { blogQuery, publishedPosts, type BlogPost } from './api'
export { BlogPage } from './components/blog-page'
export { BlogPostPage } from './components/blog-post-page'
export { PostCard } from './components/post-card'
