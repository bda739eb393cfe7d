// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { PageBody } from '@/contract/content/body'

import { MarkdownBody, prepareBody } from './index'

vi.mock('virtual:fjord-content-components', () => ({ default: {} }))
afterEach(cleanup)

const body: PageBody = { type: 'markdown', value: 'Routes come from **files**.\n', toc: [], code: [], palette: [] }

describe('the Markdown renderer', () => {
  it('draws a body in the render that asks for it once its code is in, even the first time (a route change renders at once)', async () => {
    await prepareBody(body)
    render(
      <MemoryRouter>
        <Suspense fallback={<p>Waiting for the renderer</p>}>
          <MarkdownBody body={body} />
        </Suspense>
      </MemoryRouter>,
    )
    expect(screen.queryByText('Waiting for the renderer')).toBeNull()
    expect(screen.getByText('files').tagName).toBe('STRONG')
  })
})
