export { docsLoader, type DocsData } from './api'
export { DocsPage, DocsPageView, type RenderSidebarFooter } from './components/docs-page'
export { languageSwitchTarget, versionSwitchTarget } from './version-switch'
