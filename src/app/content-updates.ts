import type { createBrowserRouter } from 'react-router-dom'

import { CONTENT_UPDATED_EVENT } from '../contract/content/build-output'
import { resetManifest } from '../lib/content/manifest'
import { queryClient } from '../lib/query-client'

/**
 * In `npm run dev`, a saved page shows without reloading the app: on the content
 * plugin's event the page forgets the manifest and every content query, and the router
 * runs the current route's loaders again, which read the new build (its dumps and
 * files have new checksums, so nothing old is read from a cache). If that fails, the
 * page reloads. In a production build `import.meta.hot` is undefined and this is
 * dropped.
 */
export function acceptContentUpdates(router: ReturnType<typeof createBrowserRouter>): void {
  const hot = import.meta.hot
  if (!hot) return
  hot.on(CONTENT_UPDATED_EVENT, () => {
    resetManifest()
    queryClient
      .resetQueries({ queryKey: ['content'] })
      .then(() => router.revalidate())
      .catch(() => window.location.reload())
  })
}
