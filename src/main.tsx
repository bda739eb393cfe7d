import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'

import './styles.css'
import { createRouter } from './app/router'
import { site } from './config/site'
import { trackPageView } from './lib/analytics'
import { installChunkReload, restoreAfterChunkReload } from './lib/chunk-reload'
import { applyColorMode, useColorMode } from './lib/color-mode'
import { contentClient, queryCollection, queryCollectionItemSurroundings, queryCollectionNavigation } from './lib/content/index'

applyColorMode(useColorMode.getState().preference)
installChunkReload()
restoreAfterChunkReload(window)

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
  },
})

const router = createRouter()

// A page view on load and on every history change, when the site configures analytics.
const analytics = site.analytics
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
    <RouterProvider router={router} />
  </StrictMode>,
)
