export { blogQuery } from './api'
export { BlogPage } from './components/blog-page'
