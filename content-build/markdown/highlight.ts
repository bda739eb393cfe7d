import { createHighlighterCore, type HighlighterCore, type LanguageRegistration, type RegexEngine, type ThemeRegistrationResolved } from 'shiki/core'
import { createOnigurumaEngine } from 'shiki/engine/oniguruma'
import { bundledLanguages } from 'shiki/langs'
import { EncodedTokenMetadata, type IGrammar, INITIAL, type StateStack, type StateStackImpl } from 'shiki/textmate'

import type { CodeToken, TokenColor } from '../../src/contract/content/body'

/**
 * Build-time syntax highlighting with Shiki, in both colour modes at once. The output
 * is compact token data (text + palette index) rather than HTML, so the browser
 * renders it with plain React elements and never ships a highlighter.
 */

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const

import { CODE_BACKGROUND, readableOn } from './contrast'

export interface Highlighted {
  lang: string
  lines: CodeToken[][]
}

/** Collects the distinct colours of one page so tokens can reference them by index. */
export class Palette {
  readonly colors: TokenColor[] = []
  private readonly index = new Map<string, number>()
  /** The theme's colours as given, to their index: a page repeats a handful of colours over thousands of tokens. */
  private readonly themed = new Map<string, number>()

  /** The index of a token colour as the themes give it (`fontStyle` 0 for none). */
  indexOf(light: string, dark: string, fontStyle: number): number {
    const given = `${light}|${dark}|${fontStyle}`
    const known = this.themed.get(given)
    if (known !== undefined) return known
    const color: TokenColor = { light: readableOn(light, CODE_BACKGROUND.light), dark: readableOn(dark, CODE_BACKGROUND.dark), ...(fontStyle ? { fontStyle } : {}) }
    const key = `${color.light}|${color.dark}|${color.fontStyle ?? 0}`
    let i = this.index.get(key)
    if (i === undefined) {
      i = this.colors.push(color) - 1
      this.index.set(key, i)
    }
    this.themed.set(given, i)
    return i
  }
}

let highlighter: Promise<HighlighterCore> | undefined
let twin: TwinTheme | undefined
const loading = new Map<string, Promise<void>>()

async function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const h = await createHighlighterCore({
      themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
      langs: [],
      // The Oniguruma (WebAssembly) engine compiles grammars far faster than the
      // JavaScript engine, which translates every pattern to a RegExp first; that
      // compile cost is paid again in every build worker.
      engine: sharedScanners(await createOnigurumaEngine(import('shiki/wasm'))),
    })
    twin = createTwinTheme(h.getTheme(THEMES.light), h.getTheme(THEMES.dark))
    if (twin) await h.loadTheme(twin.theme)
    return h
  })()
  return highlighter
}

type Scanner = ReturnType<RegexEngine['createScanner']>

/**
 * One compiled scanner per distinct list of patterns. vscode-textmate compiles each
 * rule's patterns into a scanner per grammar, so a grammar embedded in another
 * (TypeScript inside Vue's `<script lang="ts">`) has the same scanners compiled again:
 * on the 1,000-page bench corpus 137 scanners are asked for and 94 are distinct.
 * Compiling them (Oniguruma, in WebAssembly) was about a quarter of a fresh thread's
 * time highlighting the corpus, and less once shared. A scanner's answer depends only
 * on its patterns and the arguments of the call, so one serves every grammar that asks
 * for it; it is disposed when the last of them lets go.
 */
export function sharedScanners(engine: RegexEngine): RegexEngine {
  const scanners = new Map<string, { scanner: Scanner; users: number }>()
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      if (!patterns.every((pattern) => typeof pattern === 'string')) return engine.createScanner(patterns)
      const key = JSON.stringify(patterns)
      const known = scanners.get(key)
      if (known) {
        known.users++
        return known.scanner
      }
      const scanner = engine.createScanner(patterns)
      const entry = { scanner, users: 1 }
      const dispose = scanner.dispose?.bind(scanner)
      scanner.dispose = () => {
        if (--entry.users > 0) return
        scanners.delete(key)
        dispose?.()
      }
      scanners.set(key, entry)
      return scanner
    },
  }
}

/** Whether the configured theme pair is highlighted in one tokenising pass. */
export async function isOnePass(): Promise<boolean> {
  await getHighlighter()
  return twin !== undefined
}

/**
 * Tokenising is the expensive part of highlighting, and two themes normally mean
 * tokenising twice. When the light and dark themes are twins (the same rules with the
 * same selectors and font styles, only colours differ, as GitHub's pair is), one pass
 * is enough: we tokenise with a synthetic theme that has those same rules, each
 * painted with a colour that encodes its index, then read both real colours of the
 * rule that matched. The result is exactly what two passes give (a test checks it).
 */
interface TwinTheme {
  theme: ThemeRegistrationResolved
  /** Synthetic colour (lower case) -> [light, dark]. */
  colors: Map<string, [string, string]>
}

const TWIN_NAME = 'fjord-twin-probe'

function createTwinTheme(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): TwinTheme | undefined {
  const l = light.settings ?? []
  const d = dark.settings ?? []
  if (l.length !== d.length) return undefined
  const colors = new Map<string, [string, string]>()
  const encode = (i: number) => `#${(i + 1).toString(16).padStart(6, '0')}`
  const settings = l.map((rule, i) => {
    const other = d[i]
    const sameShape =
      other &&
      JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
      (rule.settings.fontStyle ?? '') === (other.settings.fontStyle ?? '') &&
      !rule.settings.foreground === !other.settings.foreground
    if (!sameShape) return undefined
    if (!rule.settings.foreground || !other.settings.foreground) return rule
    colors.set(encode(i), [rule.settings.foreground.toLowerCase(), other.settings.foreground.toLowerCase()])
    return { ...rule, settings: { ...rule.settings, foreground: encode(i) } }
  })
  if (settings.some((rule) => rule === undefined)) return undefined
  const fg = '#fffffe'
  colors.set(fg, [light.fg.toLowerCase(), dark.fg.toLowerCase()])
  return { theme: { ...light, name: TWIN_NAME, fg, settings: settings.filter((r) => r !== undefined), tokenColors: undefined }, colors }
}

/**
 * Shiki stops tokenising a line after 500 ms of wall-clock time by default and leaves
 * the rest of it uncoloured, so a build on a busy machine (a CI runner, a worker
 * starved of CPU) would colour code differently from the same build on an idle one.
 * Builds must be reproducible: no time limit, and a bound on line length instead, which
 * depends only on the content (lines longer than this, such as minified code, stay plain).
 */
const TOKENIZE = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: 20_000 } as const

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
export async function highlight(code: string, lang: string, palette: Palette, options: { dualPass?: boolean } = {}): Promise<Highlighted> {
  const h = await getHighlighter()
  const resolved = await ensureLanguage(h, lang)
  if (resolved === 'text') return { lang: 'text', lines: code.split('\n').map((line) => (line ? [line] : [])) }

  const key = `${resolved}\0${code}`
  let absolute = options.dualPass ? undefined : memo.get(key)
  if (!absolute) {
    absolute = twin && !options.dualPass ? tokensOnePass(h, twin, code, resolved) : tokensTwoPass(h, code, resolved)
    if (!options.dualPass) remember(key, absolute)
  }
  return { lang: resolved, lines: toPageTokens(absolute, palette) }
}

/**
 * Tokens with their colours spelled out, before a page's palette numbers them. Docs
 * repeat code (install commands, config snippets), so a bounded memo of these saves
 * tokenising the same block again in one build.
 */
type AbsoluteToken = [text: string, light: string, dark: string, fontStyle: number]
type AbsoluteLines = AbsoluteToken[][]

const MEMO_LIMIT = 2000
const memo = new Map<string, AbsoluteLines>()

function remember(key: string, lines: AbsoluteLines) {
  if (memo.size >= MEMO_LIMIT) {
    const oldest = memo.keys().next().value
    if (oldest !== undefined) memo.delete(oldest)
  }
  memo.set(key, lines)
}

function toPageTokens(lines: AbsoluteLines, palette: Palette): CodeToken[][] {
  return lines.map((line) => {
    const out = new TokenLine(palette)
    for (const [text, light, dark, fontStyle] of line) out.add(text, light, dark, fontStyle)
    return out.out
  })
}

function tokensOnePass(h: HighlighterCore, pair: TwinTheme, code: string, lang: string): AbsoluteLines {
  const [defaultLight, defaultDark] = pair.colors.get(pair.theme.fg) ?? ['', '']
  const { colorMap } = h.setTheme(TWIN_NAME)
  // Both real colours of each of the theme's colour ids, read once instead of once a token.
  const colours = colorMap.map((colour): [string, string] => pair.colors.get(colour.toLowerCase()) ?? [defaultLight, defaultDark])
  const grammar = lineMemo(h.getLanguage(lang))
  // Shiki's own line loop (codeToTokensBase), with the memo in front of the grammar.
  let state = INITIAL
  return code.split(/\r?\n/).map((line) => {
    // Empty lines and over-long ones are not tokenised, and leave the state as it was.
    if (!line) return []
    if (line.length >= TOKENIZE.tokenizeMaxLineLength) return [[line, '', '', 0]]
    const { tokens, end } = grammar.tokenize(line, state)
    state = end
    const out: AbsoluteToken[] = []
    const count = tokens.length / 2
    for (let j = 0; j < count; j++) {
      const start = tokens[2 * j] ?? 0
      const next = j + 1 < count ? (tokens[2 * j + 2] ?? line.length) : line.length
      if (start === next) continue
      const metadata = tokens[2 * j + 1] ?? 0
      const [light, dark] = colours[EncodedTokenMetadata.getForeground(metadata)] ?? [defaultLight, defaultDark]
      const isDefault = light === defaultLight && dark === defaultDark
      const fontStyle = EncodedTokenMetadata.getFontStyle(metadata)
      out.push([line.slice(start, next), isDefault ? '' : light, isDefault ? '' : dark, fontStyle > 0 ? fontStyle : 0])
    }
    return out
  })
}

/**
 * A grammar tokenises a line from the state the line before ended in, and the same line
 * from the same state always gives the same tokens and the same end state. Code in docs
 * repeats lines far more than whole blocks (closing braces, imports, install commands):
 * the demo's 4,141 lines of code hold 1,983 distinct ones, and in the 1,000-page bench
 * corpus 82% of the lines tokenised in one thread are answered here. So each grammar
 * keeps a bounded memo of (state, line) -> (tokens, end state).
 *
 * States are compared by value. A state is a stack of frames (rule, end pattern, scope
 * names and their attributes), which is how vscode-textmate itself serialises a state and
 * rebuilds it (`toStateStackFrame`, `pushFrame`). Each distinct state gets a number from
 * its parent's number and its own frame, and the memo hands back one object per number,
 * so a line after a remembered one is looked up under the same key.
 */
class LineMemo {
  /** State object -> its number; `canonical[n]` is the one object handed out for number n. */
  private numbers = new WeakMap<StateStack, number>()
  private readonly canonical: StateStack[] = [INITIAL]
  private readonly byValue = new Map<string, number>()
  private readonly lines = new Map<string, { tokens: Uint32Array; end: StateStack }>()

  constructor(private readonly grammar: IGrammar) {}

  tokenize(line: string, state: StateStack): { tokens: Uint32Array; end: StateStack } {
    const key = `${this.numberOf(state)}\n${line}`
    const known = this.lines.get(key)
    if (known) return known
    const result = this.grammar.tokenizeLine2(line, state, 0)
    const entry = { tokens: result.tokens, end: this.canonical[this.numberOf(result.ruleStack)] ?? result.ruleStack }
    if (!result.stoppedEarly) {
      if (this.lines.size >= LINE_MEMO_LIMIT) this.clear()
      this.lines.set(key, entry)
    }
    return entry
  }

  /** 0 is the state before a block's first line, which tokenises as a first line. */
  private numberOf(state: StateStack): number {
    if (state === INITIAL) return 0
    let n = this.numbers.get(state)
    if (n === undefined) {
      const { parent } = state as StateStackImpl
      const value = `${parent ? this.numberOf(parent) : -1}|${JSON.stringify((state as StateStackImpl).toStateStackFrame())}`
      n = this.byValue.get(value)
      if (n === undefined) {
        n = this.canonical.push(state) - 1
        this.byValue.set(value, n)
      }
      this.numbers.set(state, n)
    }
    return n
  }

  private clear() {
    this.lines.clear()
    this.byValue.clear()
    this.canonical.length = 1
    this.numbers = new WeakMap()
  }
}

/** Lines remembered per grammar before the memo starts again (each entry is a line's tokens). */
const LINE_MEMO_LIMIT = 50_000
const lineMemos = new WeakMap<IGrammar, LineMemo>()

function lineMemo(grammar: IGrammar): LineMemo {
  let memo = lineMemos.get(grammar)
  if (!memo) {
    memo = new LineMemo(grammar)
    lineMemos.set(grammar, memo)
  }
  return memo
}

function tokensTwoPass(h: HighlighterCore, code: string, lang: string): AbsoluteLines {
  const defaultLight = h.getTheme(THEMES.light).fg.toLowerCase()
  const defaultDark = h.getTheme(THEMES.dark).fg.toLowerCase()
  const result = h.codeToTokens(code, { lang, themes: THEMES, defaultColor: false, ...TOKENIZE })
  return result.tokens.map((line) =>
    line.map((token): AbsoluteToken => {
      const style = token.htmlStyle ?? {}
      const light = style['--shiki-light']?.toLowerCase() ?? defaultLight
      const dark = style['--shiki-dark']?.toLowerCase() ?? defaultDark
      const isDefault = light === defaultLight && dark === defaultDark
      const fontStyle = fontStyleOf(style['--shiki-light-font-style'], style['--shiki-light-font-weight'], style['--shiki-light-text-decoration'])
      return [token.content, isDefault ? '' : light, isDefault ? '' : dark, fontStyle]
    }),
  )
}

/**
 * Builds one line of compact tokens: text in the theme's default colour (empty
 * colours) as plain strings, neighbours of one colour merged.
 */
class TokenLine {
  readonly out: CodeToken[] = []
  private last = -2

  constructor(private readonly palette: Palette) {}

  add(text: string, light: string, dark: string, fontStyle: number) {
    const isDefault = !light && !dark && !fontStyle
    const color = isDefault ? -1 : this.palette.indexOf(light, dark, fontStyle)
    const prev = this.out.at(-1)
    if (prev !== undefined && color === this.last) {
      const merged = (typeof prev === 'string' ? prev : prev[0]) + text
      this.out[this.out.length - 1] = color === -1 ? merged : [merged, color]
    } else {
      this.out.push(color === -1 ? text : [text, color])
    }
    this.last = color
  }
}

/** TextMate's font style flags from Shiki's CSS (it joins decorations: "underline line-through"). */
function fontStyleOf(style: string | undefined, weight: string | undefined, decoration: string | undefined): number {
  const decorations = decoration?.split(' ') ?? []
  let flags = 0
  if (style === 'italic') flags |= 1
  if (weight === 'bold') flags |= 2
  if (decorations.includes('underline')) flags |= 4
  if (decorations.includes('line-through')) flags |= 8
  return flags
}
