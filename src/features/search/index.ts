export { SearchLauncher } from './components/search-launcher'
export { usePalette, resetPalette } from './store'
