import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'

import { createRouter } from './app/router'
import { contentClient, queryCollection } from './lib/content/index'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Read-only diagnostics for the benchmark and for anyone curious in devtools.
Object.assign(window, { fjordContent: { stats: contentClient.stats, queryCollection, warm: (name: string) => contentClient.warm(name) } })

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
)
