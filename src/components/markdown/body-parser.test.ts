import { describe, expect, it } from 'vitest'

import type { PageBody } from '@/contract/content/body'

import { BodyParser, type ParseReply, type ParseRequest } from './body-parser'
import { bodyTree } from './body-tree'
import { parseReply } from './parse-reply'

const body: PageBody = {
  type: 'markdown',
  value:
    '## Install\n\nRun [the CLI](/docs/4.x/cli) and <a id="x"></a> read on.\n\n```ts\nconst a = 1\n```\n\n::tip\nA tip.\n::\n\n::chart{kind="bar"}\n::\n\n::gadget\nKept as its content.\n::\n',
  toc: [{ id: 'install-the-cli', depth: 2, text: 'Install' }],
  code: [{ lang: 'ts', lines: [[['const', 0], ' a = 1']] }],
  palette: [{ light: '#d73a49', dark: '#f97583' }],
}

/** A worker that answers as parse.worker.ts does, keeping what it was sent. */
function fakeWorker(sent: unknown[]) {
  const worker = {
    onmessage: null as ((event: MessageEvent<ParseReply>) => void) | null,
    onerror: null,
    postMessage(request: ParseRequest & { id: number }) {
      sent.push(structuredClone(request))
      queueMicrotask(() => worker.onmessage?.({ data: structuredClone(parseReply(request)) } as MessageEvent<ParseReply>))
    },
    terminate() {},
  }
  return worker as unknown as Worker
}

describe('bodies parsed in a worker', () => {
  it('come back as the tree the main thread would draw, sent without their code tokens', async () => {
    const sent: unknown[] = []
    const parser = new BodyParser(() => fakeWorker(sent))
    const tree = await parser.parse(body, new Set(['chart']))
    expect(tree).toEqual(bodyTree(body, 0, new Set(['chart'])))
    // The heading took its id from the table of contents; the site's component stayed an element, an unknown one became a frame.
    expect(JSON.stringify(tree)).toContain('"id":"install-the-cli"')
    expect(JSON.stringify(tree)).toContain('"tagName":"chart"')
    expect(JSON.stringify(tree)).not.toContain('"tagName":"gadget"')
    expect(sent).toEqual([{ id: 1, body: { value: body.value, toc: body.toc }, part: 0, siteComponents: ['chart'] }])
    expect(parser.stats).toEqual({ inWorker: 1, refused: 0 })
  })

  it("parse a long body's later part as the main thread would, its ids counted from the parts before it", async () => {
    const long: PageBody = {
      ...body,
      value: '## One\n\nFirst part.\n\n## Two\n\nSee [the guide][guide].\n\n```ts\nconst b = 2\n```\n',
      toc: [
        { id: 'one', depth: 2, text: 'One' },
        { id: 'two', depth: 2, text: 'Two' },
      ],
      parts: [{ at: 21, headings: 1, codes: 0 }],
      definitions: '[guide]: /docs/4.x/guide',
    }
    const parser = new BodyParser(() => fakeWorker([]))
    const second = await parser.parse(long, new Set(), 1)
    expect(second).toEqual(bodyTree(long, 1, new Set()))
    expect(JSON.stringify(second)).toContain('"id":"two"')
    expect(JSON.stringify(second)).toContain('"href":"/docs/4.x/guide"')
    expect(JSON.stringify(second)).not.toContain('First part')
  })

  it('come back undefined where no worker starts, for the main thread to parse them', async () => {
    const none = new BodyParser(undefined)
    expect(await none.parse(body, new Set())).toBeUndefined()
    const blocked = new BodyParser(() => {
      throw new Error('blocked by the page policy')
    })
    expect(await blocked.parse(body, new Set())).toBeUndefined()
    expect(blocked.stats).toEqual({ inWorker: 0, refused: 1 })
  })
})
