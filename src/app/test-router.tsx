import { cleanup, render } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'

import { resetIcons } from '../components/ui/icon'
import { resetPalette } from '../features/search'
import { resetManifest } from '../lib/content/manifest'
import { resetPayloads } from '../lib/content/payload'
import { resetQueryClient } from '../lib/query-client'
import { AppProviders } from './providers'
import { AppRouter, routes } from './router'

/** The app's real route table in memory, in the app's providers, opened at `path` (component tests). */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <AppProviders>
      <AppRouter router={router} />
    </AppProviders>,
  )
  return router
}

/**
 * Unmounts and forgets what a test fetched, so the next one starts cold. The promise
 * settles once the icon requests the test started have ended (a hook that returns it waits).
 */
export function resetApp(): Promise<void> {
  cleanup()
  resetManifest()
  resetPayloads()
  resetQueryClient()
  resetPalette()
  return resetIcons()
}
