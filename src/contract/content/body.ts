/**
 * The stored shape of a page body: the contract between the content build and the
 * browser renderer.
 *
 * `value` is normalised Markdown (GFM + MDC components) that react-markdown renders.
 * Everything the browser must not compute itself travels beside it, matched by
 * document order:
 * - `toc[i]` carries the stable id of the i-th heading (h1–h6) in the Markdown;
 * - `code[i]` carries the build-time highlighted tokens of the i-th fenced code block,
 *   so no highlighter ships to the browser.
 */
export interface PageBody {
  type: 'markdown'
  value: string
  toc: TocEntry[]
  code: CodeBlock[]
  /** Distinct token colours of this page's code, referenced by index from tokens. */
  palette: TokenColor[]
  /** Images with a double-density file beside them (`a.png` → `a@2x.png`), for srcset. */
  images?: Record<string, string>
  /**
   * A long body's later parts (the first starts at 0): the renderer parses and draws
   * them one after the other. Each starts at a top-level block of `value`.
   */
  parts?: BodyPart[]
  /** The link reference definitions of the whole body (`[x]: /url`), parsed with every part. */
  definitions?: string
}

/** Where a part of a body starts, and how many headings and code blocks come before it. */
export interface BodyPart {
  at: number
  headings: number
  codes: number
}

export interface TocEntry {
  id: string
  depth: number
  text: string
  /** An inline badge of the heading (`## useFoo :badge[v3.10]`), shown beside its entry. */
  badge?: string
}

export interface CodeBlock {
  /** The language the block was highlighted as (`text` when unknown). */
  lang: string
  filename?: string
  /** 1-based line numbers to emphasise, from `{1,3-4}` in the fence meta. */
  highlights?: number[]
  /**
   * One array per line. A token is either a plain string in the theme's default
   * colour or `[text, paletteIndex]`.
   */
  lines: CodeToken[][]
}

export type CodeToken = string | [text: string, color: number]

/** A token colour in each mode; an empty string means that theme's default text colour. */
export interface TokenColor {
  light: string
  dark: string
  /** Bit flags as in TextMate: 1 italic, 2 bold, 4 underline, 8 strikethrough. */
  fontStyle?: number
}

export const emptyBody: PageBody = { type: 'markdown', value: '', toc: [], code: [], palette: [] }

/** Whether a stored value is a page body (payloads and rows arrive untyped). */
export function isPageBody(value: unknown): value is PageBody {
  return typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'string'
}

/**
 * Whether a stored value is a page body with something to draw: a listing's landing
 * page often has front matter only, and its empty body needs neither the renderer's
 * code nor the parsing worker.
 */
export function hasMarkdown(value: unknown): value is PageBody {
  return isPageBody(value) && value.value.trim() !== ''
}
