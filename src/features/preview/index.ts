export { PreviewBar } from './components/preview-bar'
