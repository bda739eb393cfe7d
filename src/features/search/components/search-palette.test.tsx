// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { renderAt, resetApp } from '@/app/test-router'
import { type ContentFixture, createContentFixture } from '@/mocks/content'

let content: ContentFixture | undefined
let server: ReturnType<typeof setupServer> | undefined
beforeAll(async () => {
  content = await createContentFixture()
  server = setupServer(...content.handlers)
  server.listen({ onUnhandledRequest: 'error' })
}, 120_000)
afterEach(() => {
  resetApp()
  server?.resetHandlers()
})
afterAll(async () => {
  server?.close()
  await content?.cleanup()
})

/** The palette's code and the index are loaded on first use: more than testing-library's default second on a busy machine. */
const LOADED = { timeout: 20_000 }

/** Holds every file of the 4.x search index until `release` is called, then serves it as usual. */
function holdSearchIndex() {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  server?.use(
    http.get('*/__content/docsv4/search/:file', async () => {
      await held
      // Nothing returned: the fixture's own handler serves the file.
      return undefined
    }),
  )
  return () => release()
}

describe('the search palette while the index loads', () => {
  it('says it is loading, never that nothing matches, until the first query’s results come', async () => {
    const release = holdSearchIndex()
    renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' }, LOADED)
    await userEvent.keyboard('{Control>}k{/Control}')
    const input = await screen.findByRole('combobox', { name: 'Search the documentation' }, LOADED)
    await userEvent.type(input, 'install')
    expect(await screen.findByText('Loading…')).toBeTruthy()
    expect(screen.queryByText('No matching data')).toBeNull()
    release()
    const results = await screen.findByRole('option', { name: /Docs.*Install/ }, LOADED)
    expect(results).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull(), LOADED)
  })

  it('says so when nothing matches, once the index has answered', async () => {
    renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' }, LOADED)
    await userEvent.keyboard('{Control>}k{/Control}')
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search the documentation' }, LOADED), 'qqqzzzx')
    expect(await screen.findByText('No matching data', {}, LOADED)).toBeTruthy()
    expect(screen.queryByText('Loading…')).toBeNull()
  })
})
