// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { PageBody } from '@/contract/content/body'
import { sectionedBody } from '@/mocks/bodies'

import type { ParseRequest } from './body-parser'
// The worker's side, as parse.worker.ts imports it: the parser's module as it is, not the one counted below.
import { parseReply } from './parse-reply'

vi.mock('virtual:fjord-content-components', () => ({ default: {} }))

// The parser's runs on the main thread, counted in each fresh module graph below.
const counted = vi.hoisted(() => ({ onMainThread: 0 }))
function countParser() {
  vi.doMock('./body-tree', async (importOriginal) => {
    const actual = await importOriginal<typeof import('./body-tree')>()
    return {
      ...actual,
      bodyTree: (...args: Parameters<typeof actual.bodyTree>) => {
        counted.onMainThread++
        return actual.bodyTree(...args)
      },
    }
  })
}

/** A parsing worker that answers as parse.worker.ts does (jsdom has no Worker), one that fails to start, or one still starting. */
function stubWorker({ fails = false, silent = false } = {}) {
  class ParseWorker {
    onmessage: ((event: MessageEvent) => void) | null = null
    onerror: ((event: ErrorEvent) => void) | null = null
    postMessage(request: ParseRequest & { id: number }) {
      queueMicrotask(() => {
        if (fails) return this.onerror?.({ message: 'the worker script failed to load', preventDefault() {} } as ErrorEvent)
        if (silent) return
        this.onmessage?.({ data: structuredClone(parseReply(request)) } as MessageEvent)
      })
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', ParseWorker)
}

/** A body no test parses: only the parser on this thread could draw it at once. */
const neverParsed: PageBody = { type: 'markdown', value: 'Never parsed.\n', toc: [], code: [], palette: [] }

/**
 * The module as a page that has not fetched the parser's chunk yet has it. Whether it has
 * fetched it since is read from the module itself (the parser is there to draw any body),
 * not from the mock's factory: vitest may hand a fresh module graph the mocked module an
 * earlier graph loaded, without running the factory again.
 */
async function freshMarkdown() {
  vi.resetModules()
  countParser()
  const markdown = await import('./index')
  const renderer = await import('./markdown-body')
  const parsing = await import('./body-parsing')
  expect(parsing.canDrawNow(neverParsed, 0)).toBe(false)
  return { ...markdown, ...renderer, parserFetched: () => parsing.canDrawNow(neverParsed, 0) }
}

/** A long body in seven parts, as the build splits a long page. */
const long = sectionedBody(7)
const short: PageBody = { type: 'markdown', value: 'Routes come from **files**.\n', toc: [], code: [], palette: [] }

/** Every time the page showed the Suspense fallback instead of its body. */
let fallbacks = 0
function Fallback() {
  fallbacks++
  return <p>Waiting for the body</p>
}

/** Draws a body as a page does, within an awaited act: React runs what it scheduled, the parts drawn in later renders included. */
async function draw(MarkdownBody: (props: { body: PageBody }) => React.ReactNode, body: PageBody) {
  let drawn: ReturnType<typeof render> | undefined
  await act(async () => {
    drawn = render(
      <MemoryRouter>
        <Suspense fallback={<Fallback />}>
          <MarkdownBody body={body} />
        </Suspense>
      </MemoryRouter>,
    )
  })
  if (!drawn) throw new Error('not drawn')
  return drawn
}

const complete = (container: HTMLElement) => container.querySelector('[data-body]')?.getAttribute('data-complete')

beforeEach(() => {
  counted.onMainThread = 0
  fallbacks = 0
})
afterEach(() => {
  cleanup()
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
  vi.unstubAllGlobals()
  window.location.hash = ''
  document.getElementById('prerendered')?.remove()
})
afterAll(() => vi.unstubAllGlobals())

describe("the Markdown parser's own chunk", () => {
  it('is not fetched for a page read ahead in the worker: every part of a long page is drawn from the worker, the first at once', async () => {
    stubWorker()
    const { MarkdownBody, prepareBody, warmBody, bodyStats, WARMED_PARTS, parserFetched } = await freshMarkdown()
    warmBody(long)
    await vi.waitFor(() => expect(bodyStats.inWorker).toBe(WARMED_PARTS))
    await prepareBody(long)
    const { container } = await draw(MarkdownBody, long)
    expect(fallbacks).toBe(0)
    expect(screen.getByRole('heading', { name: 'Section 0' })).toBeTruthy()
    await waitFor(() => expect(complete(container)).toBe('true'))
    expect(screen.getAllByRole('heading').map((h) => h.id)).toEqual(long.toc.map((entry) => entry.id))
    expect(counted.onMainThread).toBe(0)
    expect(parserFetched()).toBe(false)
  })

  it('is not fetched for the first page, parsed in the worker before the app draws over its prerendered copy', async () => {
    stubWorker()
    document.body.insertAdjacentHTML('afterbegin', '<div id="prerendered"></div>')
    const { MarkdownBody, prepareBody, parserFetched } = await freshMarkdown()
    await prepareBody(long)
    const { container } = await draw(MarkdownBody, long)
    // Over the prerendered copy the whole body is drawn in the first render.
    expect(complete(container)).toBe('true')
    expect(screen.getAllByRole('heading')).toHaveLength(7)
    expect(counted.onMainThread).toBe(0)
    expect(parserFetched()).toBe(false)
  })

  it('is fetched by the loader for a page not read ahead, beside asking the worker, and the first render draws the body at once', async () => {
    stubWorker()
    const { MarkdownBody, prepareBody, parserFetched } = await freshMarkdown()
    await prepareBody(short)
    await draw(MarkdownBody, short)
    expect(fallbacks).toBe(0)
    expect(screen.getByText('files').tagName).toBe('STRONG')
    await vi.waitFor(() => expect(parserFetched()).toBe(true))
  })

  it('is fetched when the worker fails, and the first page is drawn whole over its copy, the same as from the worker', async () => {
    stubWorker()
    document.body.insertAdjacentHTML('afterbegin', '<div id="prerendered"></div>')
    const fromWorker = await freshMarkdown()
    await fromWorker.prepareBody(long)
    const expected = (await draw(fromWorker.MarkdownBody, long)).container.querySelector('[data-body]')?.innerHTML
    cleanup()

    stubWorker({ fails: true })
    const { MarkdownBody, prepareBody, parserFetched } = await freshMarkdown()
    await prepareBody(long)
    expect(parserFetched()).toBe(true)
    const { container } = await draw(MarkdownBody, long)
    expect(fallbacks).toBe(0)
    expect(complete(container)).toBe('true')
    expect(container.querySelector('[data-body]')?.innerHTML).toBe(expected)
  })

  it('is fetched for the first page when the worker has not answered in time, and the page is drawn whole at once', async () => {
    stubWorker({ silent: true })
    document.body.insertAdjacentHTML('afterbegin', '<div id="prerendered"></div>')
    const { MarkdownBody, prepareBody, PARSE_BEFORE_RENDER_TIMEOUT_MS, parserFetched } = await freshMarkdown()
    vi.useFakeTimers()
    try {
      let prepared = false
      const preparing = prepareBody(long).then(() => (prepared = true))
      await vi.advanceTimersByTimeAsync(PARSE_BEFORE_RENDER_TIMEOUT_MS - 1)
      expect(prepared).toBe(false)
      expect(parserFetched()).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      vi.useRealTimers()
      await preparing
      expect(parserFetched()).toBe(true)
    } finally {
      vi.useRealTimers()
    }
    const { container } = await draw(MarkdownBody, long)
    expect(fallbacks).toBe(0)
    expect(complete(container)).toBe('true')
    expect(screen.getAllByRole('heading')).toHaveLength(7)
  })

  it('draws a long page opened at an anchor in a part not read ahead once the worker gives it, then scrolls to the anchor', async () => {
    stubWorker()
    const scrolled: string[] = []
    // jsdom lays nothing out and has no scrollIntoView: the element the page scrolls to is what is checked.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id)
    }
    const { MarkdownBody, prepareBody, warmBody, bodyStats, WARMED_PARTS, parserFetched } = await freshMarkdown()
    warmBody(long)
    await vi.waitFor(() => expect(bodyStats.inWorker).toBe(WARMED_PARTS))
    await prepareBody(long)
    // The loader cannot see the fragment (the router strips it from the request): the render does.
    window.location.hash = '#section-6'
    const { container } = await draw(MarkdownBody, long)
    expect(fallbacks).toBe(0)
    await waitFor(() => expect(complete(container)).toBe('true'))
    await act(async () => {})
    expect(screen.getAllByRole('heading')).toHaveLength(7)
    expect(WARMED_PARTS).toBeLessThan(7)
    expect(scrolled).toEqual(['section-6'])
    expect(counted.onMainThread).toBe(0)
    expect(parserFetched()).toBe(false)
  })
})
