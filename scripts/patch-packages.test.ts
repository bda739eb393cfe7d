import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { describe, expect, it } from 'vitest'

import { applyPatches, PATCHES } from './patch-packages.mjs'

const execFileAsync = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))

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

describe('MDC labels with a line starting with `]` (remark-mdc, patched by scripts/patch-packages.mjs)', () => {
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

describe('MDC bindings left open (remark-mdc, patched by scripts/patch-packages.mjs)', () => {
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

describe('scripts/patch-packages.mjs', () => {
  it('applies each patch once, recognises it applied, and leaves a file it was not written for as it is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'patch-packages-'))
    try {
      // Every patch here edits the same file: one copy holding each one's old text.
      const files = [...new Set(PATCHES.map((patch) => join(dir, 'node_modules', patch.name, patch.file)))]
      expect(files).toHaveLength(1)
      const file = files[0] ?? ''
      await mkdir(dirname(file), { recursive: true })
      const published = PATCHES.map((patch) => `// before\n${patch.before}\n`).join('')
      await writeFile(file, published)
      const states = () => applyPatches({ root: dir }).map((r) => r.state)

      expect(applyPatches({ root: dir, write: false }).map((r) => r.state)).toEqual(PATCHES.map(() => 'unpatched'))
      expect(await readFile(file, 'utf8')).toBe(published)
      expect(states()).toEqual(PATCHES.map(() => 'applied'))
      expect(await readFile(file, 'utf8')).toBe(PATCHES.map((patch) => `// before\n${patch.after}\n`).join(''))
      expect(states()).toEqual(PATCHES.map(() => 'patched'))

      await writeFile(file, '// a later release\n')
      expect(states()).toEqual(PATCHES.map(() => 'changed'))
      expect(await readFile(file, 'utf8')).toBe('// a later release\n')

      await rm(join(dir, 'node_modules'), { recursive: true })
      expect(states()).toEqual(PATCHES.map(() => 'missing'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('has been applied to the installed packages (npm install runs it)', () => {
    expect(applyPatches({ write: false }).map((r) => r.state)).toEqual(PATCHES.map(() => 'patched'))
  })
})
