import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core'
import { createOnigurumaEngine } from 'shiki/engine/oniguruma'
import { bundledLanguages } from 'shiki/langs'

import type { CodeToken, TokenColor } from '../../src/lib/content/body'

/**
 * Build-time syntax highlighting with Shiki, in both colour modes at once. The output
 * is compact token data (text + palette index) rather than HTML, so the browser
 * renders it with plain React elements and never ships a highlighter.
 */

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const

export interface Highlighted {
  lang: string
  lines: CodeToken[][]
}

/** Collects the distinct colours of one page so tokens can reference them by index. */
export class Palette {
  readonly colors: TokenColor[] = []
  private readonly index = new Map<string, number>()

  indexOf(color: TokenColor): number {
    const key = `${color.light}|${color.dark}|${color.fontStyle ?? 0}`
    let i = this.index.get(key)
    if (i === undefined) {
      i = this.colors.push(color) - 1
      this.index.set(key, i)
    }
    return i
  }
}

let highlighter: Promise<HighlighterCore> | undefined
const loading = new Map<string, Promise<void>>()

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: [],
    // The Oniguruma (WebAssembly) engine compiles grammars far faster than the
    // JavaScript engine, which translates every pattern to a RegExp first; that
    // compile cost is paid again in every build worker.
    engine: createOnigurumaEngine(import('shiki/wasm')),
  })
  return highlighter
}

function isBundledLanguage(lang: string): lang is keyof typeof bundledLanguages {
  return Object.hasOwn(bundledLanguages, lang)
}

/** Resolves an author's language name (`ts`, `sh`, `vue-html`) to a loaded Shiki language, or `text`. */
async function ensureLanguage(h: HighlighterCore, requested: string): Promise<string> {
  const lang = requested.toLowerCase()
  if (!lang || lang === 'text' || lang === 'txt' || lang === 'plain') return 'text'
  // `bundledLanguages` lists aliases (ts, sh, yml) beside the full names.
  const id = lang
  if (!isBundledLanguage(id)) return 'text'
  if (!h.getLoadedLanguages().includes(id)) {
    let pending = loading.get(id)
    if (!pending) {
      const load = bundledLanguages[id]
      pending = load().then((mod: { default: LanguageRegistration[] }) => h.loadLanguage(...mod.default))
      loading.set(id, pending)
    }
    await pending
  }
  return id
}

/**
 * Highlights `code` as `lang` in both themes. Unknown languages come back as plain
 * text; they never fail the build, since docs from other sites use many languages.
 */
export async function highlight(code: string, lang: string, palette: Palette): Promise<Highlighted> {
  const h = await getHighlighter()
  const resolved = await ensureLanguage(h, lang)
  if (resolved === 'text') return { lang: 'text', lines: code.split('\n').map((line) => (line ? [line] : [])) }

  const result = h.codeToTokens(code, { lang: resolved, themes: THEMES, defaultColor: false })
  const defaultLight = h.getTheme(THEMES.light).fg.toLowerCase()
  const defaultDark = h.getTheme(THEMES.dark).fg.toLowerCase()
  const lines = result.tokens.map((line) => {
    const out: CodeToken[] = []
    for (const token of line) {
      const style = token.htmlStyle ?? {}
      const light = style['--shiki-light']?.toLowerCase() ?? ''
      const dark = style['--shiki-dark']?.toLowerCase() ?? ''
      const fontStyle = fontStyleOf(style['--shiki-light-font-style'], style['--shiki-light-font-weight'])
      const isDefault = (!light || light === defaultLight) && !fontStyle && (!dark || dark === defaultDark)
      const colorIndex = isDefault ? -1 : palette.indexOf({ light, dark, ...(fontStyle ? { fontStyle } : {}) })
      const prev = out.at(-1)
      // Neighbouring tokens of the same colour are merged: fewer nodes to render and store.
      if (prev !== undefined && colorOf(prev) === colorIndex) {
        out[out.length - 1] = colorIndex === -1 ? textOf(prev) + token.content : [textOf(prev) + token.content, colorIndex]
      } else {
        out.push(colorIndex === -1 ? token.content : [token.content, colorIndex])
      }
    }
    return out
  })
  return { lang: resolved, lines }
}

function fontStyleOf(style: string | undefined, weight: string | undefined): number {
  let flags = 0
  if (style === 'italic') flags |= 1
  if (weight === 'bold') flags |= 2
  return flags
}

function colorOf(token: CodeToken): number {
  return typeof token === 'string' ? -1 : token[1]
}

function textOf(token: CodeToken): string {
  return typeof token === 'string' ? token : token[0]
}
