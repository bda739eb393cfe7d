import { cleanup, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'

import { resetManifest } from '../lib/content/manifest'
import { resetPayloads } from '../lib/content/payload'
import { routes } from './router'

/** The app's real route table in memory, opened at `path` (component tests). */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

/** Unmounts and forgets what a test fetched, so the next one starts cold. */
export function resetApp() {
  cleanup()
  resetManifest()
  resetPayloads()
}
