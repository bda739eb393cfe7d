import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { describe, expect, it } from 'vitest'

/**
 * The two bugs of remark-mdc 3.11.1 that `patches/remark-mdc+3.11.1.patch` fixes
 * (applied by `patch-package` on `npm install`; docs/tuning.md says why, and what
 * upstream would have to change). Each test parses input that the published package
 * hangs on or throws on, so they fail if the patch is not applied, and pass without it
 * once a release fixes the bugs.
 */

const execFileAsync = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))

/** A `]` opening a line inside a label with an open `[`: remark-mdc 3.11.1 as published loops for ever on these. */
const HUNG = ['[ [\n]', '[a [b\n]', 'See [the options [a, b\n] below.\n', ':badge[a [b\n] c', '- [a [b\n  ] c', '> [a [b\n> ] c']

/**
 * Parses each document with the browser's renderer (remark-parse, remark-gfm and
 * remark-mdc as installed, src/components/markdown/body-tree.ts) and with the build's
 * parser, in a child process: a parser that loops is killed, not the test runner.
 */
async function parseBoth(docs: string[]): Promise<{ renderer: unknown[]; build: unknown[] }> {
  const code = `
    import remarkMdc from 'remark-mdc'
    import remarkParse from 'remark-parse'
    import remarkGfm from 'remark-gfm'
    import { unified } from 'unified'
    import { parseMarkdown } from './content-build/markdown/index.ts'
    const docs = ${JSON.stringify(docs)}
    const renderer = unified().use(remarkParse).use(remarkGfm).use(remarkMdc).freeze()
    process.stdout.write(JSON.stringify({ renderer: docs.map((d) => renderer.parse(d)), build: docs.map((d) => parseMarkdown(d)) }))
  `
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, timeout: 20_000, killSignal: 'SIGKILL' }).catch(
    (error: { killed?: boolean; stderr?: string }) => {
      throw new Error(error.killed ? 'the parse did not finish in 20 s (a parser loops)' : `the parse failed: ${error.stderr ?? String(error)}`)
    },
  )
  return JSON.parse(stdout) as { renderer: unknown[]; build: unknown[] }
}

describe('MDC labels with a line starting with `]` (remark-mdc, patches/remark-mdc+3.11.1.patch)', () => {
  it('parses them, in the renderer and in the build alike, instead of looping', async () => {
    const { renderer, build } = await parseBoth(HUNG)
    expect(build).toEqual(renderer)
    // `[a [b⏎]`: the outer `[` never closes and stays text; the inner one is a span, as mid-line (`[a [b c]`).
    expect(renderer[1]).toMatchObject({
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: '[a ' },
            { type: 'textComponent', name: 'span', children: [{ type: 'text', value: 'b\n' }] },
          ],
        },
      ],
    })
  }, 30_000)

  it('still closes a label at the start of a line when no `[` is open in it', async () => {
    const { renderer, build } = await parseBoth(['[a [b]\n]{.red} x', '[a\n]{.red}'])
    expect(build).toEqual(renderer)
    expect(renderer[0]).toMatchObject({
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'textComponent', name: 'span', attributes: { class: 'red' } },
            { type: 'text', value: ' x' },
          ],
        },
      ],
    })
    expect(renderer[1]).toMatchObject({
      children: [{ type: 'paragraph', children: [{ type: 'textComponent', attributes: { class: 'red' }, children: [{ type: 'text', value: 'a\n' }] }] }],
    })
  }, 30_000)
})

describe('MDC bindings left open (remark-mdc, patches/remark-mdc+3.11.1.patch)', () => {
  it('reads an unclosed `{{` as text, in the renderer and in the build alike, instead of throwing', async () => {
    const docs = ['{{', 'Write {{ to open a binding.', 'a {{ b\nc', '{{ b }', '- Vue prints `{{ x }}`, but {{ alone is text.']
    const { renderer, build } = await parseBoth(docs)
    expect(build).toEqual(renderer)
    expect(renderer[1]).toMatchObject({ children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Write {{ to open a binding.' }] }] })
    expect(renderer[3]).toMatchObject({ children: [{ type: 'paragraph', children: [{ type: 'text', value: '{{ b }' }] }] })
  }, 30_000)

  it('still reads a closed binding, on one line or two', async () => {
    const { renderer, build } = await parseBoth(['a {{ b }} c', 'a {{ b\nc }} d'])
    expect(build).toEqual(renderer)
    expect(renderer[0]).toMatchObject({
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'a ' },
            { type: 'textComponent', name: 'binding', attributes: { value: 'b' } },
            { type: 'text', value: ' c' },
          ],
        },
      ],
    })
    expect(renderer[1]).toMatchObject({
      children: [{ type: 'paragraph', children: [{ type: 'text' }, { type: 'textComponent', name: 'binding', attributes: { value: 'b\nc' } }, { type: 'text', value: ' d' }] }],
    })
  }, 30_000)
})
