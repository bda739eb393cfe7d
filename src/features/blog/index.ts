export { blogQuery } from './api'
export { BlogPage } from './components/blog-page'
export { BlogPostPage } from './components/blog-post-page'
