export { docsLoader, type DocsData } from './api'
export { DocsPage, DocsPageView, type RenderSidebarFooter } from './components/docs-page'
export { versionSwitchTarget } from './version-switch'
