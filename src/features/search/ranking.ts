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
}

export interface SearchResult {
  item: SearchItem
  score: number
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')

/**
 * Every word of the query must appear in the title, the enclosing headings or the
 * text; titles weigh most, whole pages a little more than their sections. When no
 * section has every word, the letters of the query in order within a title (fuzzy).
 */
export function search(items: readonly SearchItem[], query: string): SearchResult[] {
  const words = normalise(query).split(/\s+/).filter(Boolean)
  if (!words.length) return []
  const results: SearchResult[] = []
  for (const item of items) {
    const title = normalise(item.title)
    const titles = normalise(item.titles.join(' '))
    const content = normalise(item.content)
    let score = 0
    for (const word of words) {
      if (title === word) score += 100
      else if (title.startsWith(word)) score += 60
      else if (title.includes(word)) score += 40
      else if (titles.includes(word)) score += 15
      else if (content.includes(word)) score += 5
      else {
        score = 0
        break
      }
    }
    if (score) results.push({ item, score: score + (item.level <= 1 ? 3 : 0) })
  }
  if (results.length) return results.sort((a, b) => b.score - a.score).slice(0, SEARCH_LIMIT)
  const letters = words.join('')
  return items
    .flatMap((item) => {
      const gaps = subsequenceGaps(normalise(item.title), letters)
      return gaps === undefined ? [] : [{ item, score: 1 / (1 + gaps) }]
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, FUZZY_LIMIT)
}

/** How many skipped characters it takes to find `needle`'s letters in order in `text`, or undefined. */
function subsequenceGaps(text: string, needle: string): number | undefined {
  let at = 0
  let gaps = 0
  for (const char of needle) {
    const found = text.indexOf(char, at)
    if (found === -1) return undefined
    gaps += found - at
    at = found + 1
  }
  return gaps
}

/** A short extract of `content` around the first word of the query. */
export function snippet(content: string, query: string, length = 120): string {
  const word = normalise(query).split(/\s+/).find(Boolean)
  const at = word ? normalise(content).indexOf(word) : -1
  const start = Math.max(0, at - 30)
  const text = content.slice(start, start + length).trim()
  return `${start > 0 ? '…' : ''}${text}${start + length < content.length ? '…' : ''}`
}

/** SPEC point 5: a docs version's search keeps its own pages; blog posts always come along. */
export function inScope(id: string, versionPath: string): boolean {
  return id.startsWith(`${versionPath}/`) || id === versionPath || id.startsWith('/blog/') || id === '/blog'
}
