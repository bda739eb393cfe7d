import './styles.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { acceptContentUpdates } from './app/content-updates'
import { AppProviders } from './app/providers'
import { AppRouter, createRouter } from './app/router'
import { loadMarkdown } from './components/markdown'
import { adoptPrerenderedIcons } from './components/ui/icon'
import { site, sitePath } from './config/site'
import { finishSignInPopup, refetchSessionOnRestore, sessionQuery } from './features/admin'
import { offerNewBuild, registerServiceWorker } from './features/offline'
import { useAdBlocker } from './lib/ad-blocker'
import { trackPageView } from './lib/analytics'
import { prefetchAppManifest } from './lib/app-manifest'
import { installChunkReload, restoreAfterChunkReload } from './lib/chunk-reload'
import { applyColorMode, useColorMode } from './lib/color-mode'
import { contentClient, queryCollection, queryCollectionItemSurroundings, queryCollectionNavigation } from './lib/content/index'
import { whenIdle } from './lib/idle'
import { startPreview } from './lib/preview'
import { queryClient } from './lib/query-client'
import { loadStats } from './lib/stats'

applyColorMode(useColorMode.getState().preference)
adoptPrerenderedIcons()
installChunkReload()
restoreAfterChunkReload(window)
// Back from the provider in the sign-in popup: report to the opener and close.
finishSignInPopup(window)
// `?preview=<token>`: keep the token and turn preview mode on, before the router reads the URL.
startPreview(window)
// The session is fetched at startup (prerendered pages too); guarded routes wait for this
// same request. A page restored from the back/forward cache fetches it again. A site
// without the admin section (a static one among them) has no session to ask for.
if (site.sections.admin) {
  void queryClient.prefetchQuery(sessionQuery())
  refetchSessionOnRestore(window)
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Read-only diagnostics for the benchmark and for anyone curious in devtools.
Object.assign(window, {
  fjordContent: {
    stats: contentClient.stats,
    warm: (name: string) => contentClient.warm(name),
    queryCollection,
    queryCollectionNavigation,
    queryCollectionItemSurroundings,
    /** How many bodies warmed ahead of a click the parsing worker parsed, and how many it could not. */
    bodyStats: () => loadMarkdown().then((markdown) => ({ ...markdown.bodyStats })),
    /** Whether the page at `path` is read ahead: its payload here, and its body drawable at once (parsed in the worker, or the parser here). */
    readAhead: (path: string) => loadMarkdown().then((markdown) => markdown.readAhead(path)),
  },
})

const router = createRouter()
acceptContentUpdates(router)

// A page view on load and on every history change, when the site configures analytics.
// An endpoint on this site (a site path) is under its base.
const analytics = site.analytics && { ...site.analytics, endpoint: sitePath(site.analytics.endpoint) }
if (analytics) {
  let last = ''
  const track = () => {
    if (window.location.href === last) return
    last = window.location.href
    trackPageView(analytics)
  }
  track()
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') track()
  })
}

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter router={router} />
    </AppProviders>
  </StrictMode>,
)

// Once the app is up, off the first paint: stats (release badge, stars), the ad-blocker
// check, and the build manifest after a second.
whenIdle(() => {
  void loadStats()
  void useAdBlocker.getState().detect(site.ads?.scriptUrl)
}, 2000)
prefetchAppManifest()
// Offline reading: the service worker registers once the page has loaded (production builds only).
if (import.meta.env.PROD) {
  const register = () => whenIdle(() => void registerServiceWorker({ enabled: site.offline, onUpdate: offerNewBuild }), 5000)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
