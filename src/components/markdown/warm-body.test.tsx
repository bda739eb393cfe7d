// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'

import type { PageBody } from '@/contract/content/body'

import type { ParseRequest } from './body-parser'
import { bodyTree } from './body-tree'
import { parseReply } from './parse-reply'

// Every parse, in the worker or on the main thread, goes through bodyTree: counted here.
vi.mock('./body-tree', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./body-tree')>()
  return { ...actual, bodyTree: vi.fn(actual.bodyTree) }
})

/** A parsing worker that answers as parse.worker.ts does (jsdom has no Worker). */
class ParseWorker {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror = null
  postMessage(request: ParseRequest & { id: number }) {
    queueMicrotask(() => this.onmessage?.({ data: structuredClone(parseReply(request)) } as MessageEvent))
  }
  terminate() {}
}
vi.stubGlobal('Worker', ParseWorker)
afterEach(cleanup)
afterAll(() => vi.unstubAllGlobals())

// A body stored in three parts, as the build splits a long page: each part's headings counted from those before it.
const value = '## One\n\nThe first part.\n\n## Two\n\nThe second part.\n\n## Three\n\nThe third part.\n'
const long: PageBody = {
  type: 'markdown',
  value,
  toc: [
    { id: 'one', depth: 2, text: 'One' },
    { id: 'two', depth: 2, text: 'Two' },
    { id: 'three', depth: 2, text: 'Three' },
  ],
  code: [],
  palette: [],
  parts: [
    { at: value.indexOf('## Two'), headings: 1, codes: 0 },
    { at: value.indexOf('## Three'), headings: 2, codes: 0 },
  ],
}

describe('a body warmed ahead of its click', () => {
  it('has its parts parsed in the worker, so the click draws the whole page without parsing on the main thread', async () => {
    // Imported once the Worker is there: the renderer makes its parser when it loads.
    const { default: MarkdownBody, warmBody, bodyStats } = await import('./markdown-body')
    warmBody(long)
    await vi.waitFor(() => expect(bodyStats.inWorker).toBe(3))
    vi.mocked(bodyTree).mockClear()

    const { container } = render(
      <MemoryRouter>
        <MarkdownBody body={long} />
      </MemoryRouter>,
    )
    await vi.waitFor(() => expect(container.querySelector('[data-body]')?.getAttribute('data-complete')).toBe('true'))
    expect(screen.getAllByRole('heading').map((h) => h.id)).toEqual(['one', 'two', 'three'])
    expect(screen.getByText('The third part.')).toBeTruthy()
    expect(bodyTree).not.toHaveBeenCalled()
  })

  it('warms only the first parts of a very long body, the ones drawn right after the click', async () => {
    const { warmBody, bodyStats, WARMED_PARTS } = await import('./markdown-body')
    const sections = Array.from({ length: WARMED_PARTS + 3 }, (_, i) => `## Section ${i}\n\nSection ${i}'s text.\n\n`)
    const text = sections.join('')
    const longer: PageBody = {
      type: 'markdown',
      value: text,
      toc: sections.map((_, i) => ({ id: `section-${i}`, depth: 2, text: `Section ${i}` })),
      code: [],
      palette: [],
      parts: sections.slice(1).map((_, i) => ({ at: text.indexOf(`## Section ${i + 1}`), headings: i + 1, codes: 0 })),
    }
    const before = bodyStats.inWorker
    vi.mocked(bodyTree).mockClear()
    warmBody(longer)
    await vi.waitFor(() => expect(bodyStats.inWorker - before).toBe(WARMED_PARTS))
    expect(vi.mocked(bodyTree).mock.calls.map(([, part]) => part)).toEqual(Array.from({ length: WARMED_PARTS }, (_, part) => part))
  })
})
