export { docsLoader, type DocsData } from './api'
export { DocsPage, DocsPageView } from './components/docs-page'
export { versionSwitchTarget } from './version-switch'
export { TableOfContents } from './components/table-of-contents'
