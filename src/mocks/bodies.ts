import type { PageBody } from '@/contract/content/body'

/** A long page's body in `count` parts, one `## Section n` each, as the build splits a long page. */
export function sectionedBody(count: number): PageBody {
  const sections = Array.from({ length: count }, (_, i) => `## Section ${i}\n\nSection ${i}'s text.\n\n`)
  const value = sections.join('')
  return {
    type: 'markdown',
    value,
    toc: sections.map((_, i) => ({ id: `section-${i}`, depth: 2, text: `Section ${i}` })),
    code: [],
    palette: [],
    parts: sections.slice(1).map((_, i) => ({ at: value.indexOf(`## Section ${i + 1}`), headings: i + 1, codes: 0 })),
  }
}
