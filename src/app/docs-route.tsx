import { DocsPage, type RenderSidebarFooter } from '../features/docs'
import { OfflineDownload } from '../features/offline'

// One function for every render, so the memoised docs page view does not redraw for it.
const offlineDownload: RenderSidebarFooter = ({ collection, label }) => <OfflineDownload collection={collection} label={label} />

/**
 * The docs route's page: the docs feature's page with the offline feature's 'Download
 * for offline' at the foot of its sidebar. Features do not import each other; the app
 * puts the two together. In the main bundle with the router (see router.tsx).
 */
export function DocsRoute() {
  return <DocsPage renderSidebarFooter={offlineDownload} />
}
