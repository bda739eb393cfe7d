import { normalise } from '@/contract/search-terms'

export { normalise }

/** SPEC point 9: at most 42 results, and at most 42 from the fuzzy fallback. */
export const SEARCH_LIMIT = 42
export const FUZZY_LIMIT = 42

export interface SearchItem {
  /** The section id (`/docs/4.x/a#b`) or a page path. */
  id: string
  title: string
  titles: string[]
  content: string
  level: number
  kind: 'docs' | 'blog' | 'hosting'
  /** Where choosing it goes. */
  to: string
  /** The locale code of a section of another language's edition (the palette searching all languages); absent for the page's own. */
  locale?: string
}

export interface SearchResult {
  item: SearchItem
  score: number
}

/** A short extract of `content` around the first place a matched word starts. */
export function snippet(content: string, terms: readonly string[], length = 120): string {
  const folded = normalise(content)
  const at = Math.min(...terms.map((term) => folded.search(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}`, 'u'))).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER)
  const start = at === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, at - 30)
  const text = content.slice(start, start + length).trim()
  return `${start > 0 ? '…' : ''}${text}${start + length < content.length ? '…' : ''}`
}

/**
 * A text cut into the words that begin with a matched term (stems such as `navig`
 * mark `navigation`) and the rest, for highlighting.
 */
export function highlightParts(text: string, terms: readonly string[]): { text: string; match: boolean }[] {
  const wanted = terms.filter(Boolean).map((term) => normalise(term))
  if (!wanted.length) return [{ text, match: false }]
  const parts: { text: string; match: boolean }[] = []
  let last = 0
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const at = word.index ?? 0
    const folded = normalise(word[0])
    if (!wanted.some((term) => folded.startsWith(term))) continue
    if (at > last) parts.push({ text: text.slice(last, at), match: false })
    parts.push({ text: word[0], match: true })
    last = at + word[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false })
  return parts
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
