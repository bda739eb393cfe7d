import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'

import './styles.css'
import { createRouter } from './app/router'
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

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
)
