export { OfflineDownload, useOfflineReady } from './components/offline-download'
export { OfflinePage, isOfflineError } from './components/offline-page'
export { offerNewBuild, registerServiceWorker, reloadToLatest } from './register'
