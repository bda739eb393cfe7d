import GithubSlugger from 'github-slugger'

/**
 * Heading ids as the generator a tree was written for makes them, so anchors written in
 * the tree, and links to its old site from the rest of the web, keep resolving.
 * Both number a repeated id `-1`, `-2`… in document order.
 */
export type HeadingIdRule = 'nuxt' | 'vitepress'

/** Gives each heading text its id, unique within the page. */
export interface HeadingIds {
  id(text: string): string
  /** An id the author chose (`{#id}`): later headings must not take it. */
  reserve(id: string): void
}

/**
 * VitePress's rule (`slugify` of @mdit-vue/shared): accents dropped, each run of spaces
 * and ASCII punctuation (with the typographic quotes) one hyphen, a leading digit
 * prefixed with `_`. `## server.open` is `#server-open`, where GitHub's rule gives `#serveropen`.
 */
export function vitepressSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f]/g, '')
      .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^(\d)/, '_$1')
      .toLowerCase()
  )
}

export function headingIds(rule: HeadingIdRule): HeadingIds {
  // Nuxt Content's rule is GitHub's, which github-slugger implements with its numbering.
  if (rule === 'nuxt') {
    const slugger = new GithubSlugger()
    return { id: (text) => slugger.slug(text), reserve: (id) => void (slugger.occurrences[id] ??= 0) }
  }
  const taken = new Set<string>()
  return {
    id(text) {
      const slug = vitepressSlug(text)
      if (!slug) return ''
      let unique = slug
      for (let n = 1; taken.has(unique); n++) unique = `${slug}-${n}`
      taken.add(unique)
      return unique
    },
    reserve: (id) => void taken.add(id),
  }
}
