import { normalise } from '@/contract/search-terms'

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
