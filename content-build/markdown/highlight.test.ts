import { createHighlighterCore, type RegexEngine } from 'shiki/core'
import { createOnigurumaEngine } from 'shiki/engine/oniguruma'
import { describe, expect, it, vi } from 'vitest'

import { highlight, isOnePass, Palette, sharedScanners } from './highlight'

const samples: [string, string][] = [
  ['ts', "import { defineConfig } from 'fjord'\n/** Docs */\nexport default defineConfig({ port: 3000, name: `x${1}`, re: /a+/g })\n"],
  [
    'vue',
    '<script setup lang="ts">\nconst n = ref(0)\n</script>\n\n<template>\n  <button @click="n++">{{ n }}</button>\n</template>\n<style scoped>\n.a { color: red; }\n</style>\n',
  ],
  ['bash', 'npm create fjord@latest my-app -- --yes # comment\nexport PORT="3000" && echo $PORT\n'],
  ['json', '{ "name": "fjord", "version": "4.0.1", "private": true, "n": null }\n'],
  ['yaml', 'title: Hello\nitems:\n  - a: 1 # note\n    b: "two"\n'],
  ['diff', '- old line\n+ new line\n  context\n'],
  ['css', '@media (min-width: 640px) { .x::before { content: "a"; margin: 0 auto !important; } }\n'],
  ['md', '# Title\n\n**bold** _it_ ~~struck~~ `code` [link](/x)\n'],
]

describe('highlighting', () => {
  it('uses one tokenising pass for the GitHub light and dark pair', async () => {
    expect(await isOnePass()).toBe(true)
  })

  it.each(samples)('tokenises %s once with exactly the colours of two passes', async (lang, code) => {
    const onePalette = new Palette()
    const twoPalette = new Palette()
    const one = await highlight(code, lang, onePalette)
    const two = await highlight(code, lang, twoPalette, { dualPass: true })
    const resolve = (lines: typeof one.lines, palette: Palette) => lines.map((line) => line.map((t) => (typeof t === 'string' ? [t, 'default'] : [t[0], palette.colors[t[1]]])))
    expect(resolve(one.lines, onePalette)).toEqual(resolve(two.lines, twoPalette))
  })

  it('keeps strikethrough as TextMate flag 8 beside italic, bold and underline', async () => {
    const palette = new Palette()
    const { lines } = await highlight('~~gone~~ and **kept**', 'md', palette)
    const styleOf = (text: string) => {
      const token = lines[0]?.find((t) => typeof t !== 'string' && t[0].includes(text))
      return typeof token === 'object' ? palette.colors[token[1]]?.fontStyle : undefined
    }
    expect(styleOf('gone')).toBe(8)
    expect(styleOf('kept')).toBe(2)
  })

  it('colours a line met again in another state by that state, not by the first time it was seen', async () => {
    // The same lines ("}", "const a = 1", "<div>") open, close or sit inside comments,
    // template strings, classes and embedded languages in turn, across blocks that
    // differ as a whole, so each block is tokenised line by line from the line memo.
    const lines = ['const a = 1', '}', '/* note', '`', '<div>', 'class A {', '  x = `${a}`', '*/', '<style>', '.a { color: red }', '</style>']
    const blocks: [string, string][] = []
    for (let i = 0; i < lines.length; i++) {
      const rotated = [...lines.slice(i), ...lines.slice(0, i)].join('\n')
      blocks.push(['ts', rotated], ['vue', `<template>\n${rotated}\n</template>`], ['md', rotated])
    }
    const resolve = (highlighted: Awaited<ReturnType<typeof highlight>>['lines'], palette: Palette) =>
      highlighted.map((line) => line.map((t) => (typeof t === 'string' ? [t, 'default'] : [t[0], palette.colors[t[1]]])))
    for (const [lang, code] of [...blocks, ...blocks.reverse()]) {
      const one = new Palette()
      const two = new Palette()
      const memoised = await highlight(code, lang, one)
      expect(resolve(memoised.lines, one)).toEqual(resolve((await highlight(code, lang, two, { dualPass: true })).lines, two))
    }
  })

  it('colours code the same on a machine too busy to tokenise a line in half a second', async () => {
    const code = 'export default defineRouteMiddleware(async (to, from) => { return navigateTo(from.path) })'
    const idle = await highlight(code, 'ts', new Palette(), { dualPass: true })
    // Every read of the clock is a second later than the one before: each line "takes" seconds.
    let now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000))
    try {
      const busy = await highlight(code, 'ts', new Palette(), { dualPass: true })
      expect(busy).toEqual(idle)
      expect(busy.lines[0]?.filter((token) => typeof token !== 'string').length).toBeGreaterThan(8)
    } finally {
      clock.mockRestore()
    }
  })

  it('leaves a line longer than 20,000 characters plain, whatever the machine', async () => {
    const long = `const data = [${'1, '.repeat(7000)}]`
    const { lines } = await highlight(`${long}\nconst next = 1`, 'ts', new Palette())
    expect(lines[0]).toEqual([long])
    expect(lines[1]?.some((token) => typeof token !== 'string')).toBe(true)
  })

  describe('scanners shared between grammars', () => {
    const counting = (engine: RegexEngine) => {
      const counts = { created: 0, disposed: 0 }
      const counted: RegexEngine = {
        createString: (text) => engine.createString(text),
        createScanner(patterns) {
          counts.created++
          const scanner = engine.createScanner(patterns)
          const dispose = scanner.dispose?.bind(scanner)
          scanner.dispose = () => {
            counts.disposed++
            dispose?.()
          }
          return scanner
        },
      }
      return { counts, engine: counted }
    }
    const highlighterWith = async (engine: RegexEngine) =>
      createHighlighterCore({ themes: [import('@shikijs/themes/github-light')], langs: [import('@shikijs/langs/ts'), import('@shikijs/langs/vue')], engine })
    const vue = samples.find(([lang]) => lang === 'vue')?.[1] ?? ''
    const ts = samples.find(([lang]) => lang === 'ts')?.[1] ?? ''

    it('colours TypeScript in Vue and on its own exactly as scanners of their own do, compiling fewer', async () => {
      const plain = counting(await createOnigurumaEngine(import('shiki/wasm')))
      const shared = counting(await createOnigurumaEngine(import('shiki/wasm')))
      const a = await highlighterWith(plain.engine)
      const b = await highlighterWith(sharedScanners(shared.engine))
      for (const [lang, code] of [
        ['ts', ts],
        ['vue', vue],
        ['ts', ts],
      ] as const) {
        expect(b.codeToTokensBase(code, { lang, theme: 'github-light' })).toEqual(a.codeToTokensBase(code, { lang, theme: 'github-light' }))
      }
      expect(shared.counts.created).toBeGreaterThan(0)
      expect(shared.counts.created).toBeLessThan(plain.counts.created)
    })

    it('disposes a shared scanner only when the last grammar using it lets go', async () => {
      const { counts, engine } = counting(await createOnigurumaEngine(import('shiki/wasm')))
      const shared = sharedScanners(engine)
      const first = shared.createScanner(['a+', 'b'])
      const second = shared.createScanner(['a+', 'b'])
      expect(second).toBe(first)
      expect(shared.createScanner(['b', 'a+'])).not.toBe(first)
      expect(counts.created).toBe(2)
      first.dispose?.()
      expect(counts.disposed).toBe(0)
      expect(second.findNextMatchSync('xaab', 0, 0)?.captureIndices[0]).toMatchObject({ start: 1, end: 3 })
      second.dispose?.()
      expect(counts.disposed).toBe(1)
      expect(shared.createScanner(['a+', 'b'])).not.toBe(first)
      expect(counts.created).toBe(3)
    })
  })
})
