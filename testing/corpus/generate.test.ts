import { describe, expect, it } from 'vitest'

import { type CorpusFile, generateCorpus } from './generate'

const N = 300

// The URL rules and slugger below are re-implemented here on purpose, so the
// test checks the generator against the spec rather than against itself.
function urlOf(path: string): string {
  const segments = path
    .replace(/\.md$/, '')
    .split('/')
    .map((s) => s.replace(/^\d+\./, ''))
  if (segments[segments.length - 1] === 'index') segments.pop()
  return `/docs/${segments.join('/')}`
}

function githubSlug(text: string): string {
  return text
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')
}

function splitFrontMatter(content: string): { data: string; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(content)
  if (!match) throw new Error('missing front matter')
  return { data: match[1] ?? '', body: content.slice(match[0].length) }
}

/** Heading slugs of a Markdown body, ignoring `#` lines inside fenced code. */
function headingSlugs(body: string): string[] {
  const slugs: string[] = []
  let inFence = false
  for (const line of body.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence
    else if (!inFence) {
      const m = /^(#{1,6}) (.+)$/.exec(line)
      if (m) slugs.push(githubSlug(m[2] ?? ''))
    }
  }
  return slugs
}

/** Internal links: Markdown links and `:read-more{to="..."}` components pointing at /docs/. */
function internalLinks(body: string): string[] {
  const links: string[] = []
  for (const m of body.matchAll(/\]\((\/docs\/[^)\s]*)\)/g)) links.push(m[1] ?? '')
  for (const m of body.matchAll(/:read-more\{to="(\/docs\/[^"]*)"\}/g)) links.push(m[1] ?? '')
  return links
}

describe('generateCorpus', () => {
  const files = generateCorpus(N)
  const pages = files.filter((f) => f.path.endsWith('.md'))

  it('is deterministic', () => {
    expect(generateCorpus(N)).toEqual(files)
  })

  it('writes exactly N Markdown pages with relative POSIX paths', () => {
    expect(pages).toHaveLength(N)
    expect(new Set(files.map((f) => f.path)).size).toBe(files.length)
    for (const f of files) expect(f.path).toMatch(/^(?!\/)[^\\]+$/)
    expect(generateCorpus(1).filter((f) => f.path.endsWith('.md'))).toHaveLength(1)
    expect(generateCorpus(57).filter((f) => f.path.endsWith('.md'))).toHaveLength(57)
  })

  it('gives every folder a .navigation.yml with title and icon', () => {
    const folders = new Set(pages.map((p) => p.path.slice(0, p.path.lastIndexOf('/'))))
    const nav = new Map<string, CorpusFile>(files.filter((f) => f.path.endsWith('/.navigation.yml')).map((f) => [f.path, f]))
    for (const folder of folders) {
      const parts = folder.split('/')
      // Parent folders need one too, even when they only hold sub-folders.
      for (let i = 1; i <= parts.length; i++) {
        const file = nav.get(`${parts.slice(0, i).join('/')}/.navigation.yml`)
        expect(file, folder).toBeDefined()
        expect(file!.content).toMatch(/^title: .+\nicon: i-lucide-[a-z-]+\n$/)
      }
    }
  })

  it('gives every page front matter with a title and description', () => {
    for (const page of pages) {
      const { data } = splitFrontMatter(page.content)
      expect(data, page.path).toMatch(/^title: \S.*$/m)
      expect(data, page.path).toMatch(/^description: \S.*$/m)
    }
  })

  it('links only to existing pages and existing anchors', () => {
    const slugsByUrl = new Map(pages.map((p) => [urlOf(p.path), headingSlugs(splitFrontMatter(p.content).body)]))
    expect(slugsByUrl.size).toBe(N) // URLs are unique
    let anchors = 0
    for (const page of pages) {
      const links = internalLinks(splitFrontMatter(page.content).body)
      expect(links.length, page.path).toBeGreaterThanOrEqual(1)
      expect(links.length, page.path).toBeLessThanOrEqual(5)
      for (const link of links) {
        const [url = '', anchor] = link.split('#')
        expect(url, `${page.path} -> ${link}`).not.toBe(urlOf(page.path))
        expect(slugsByUrl.has(url), `${page.path} -> ${link}`).toBe(true)
        if (anchor !== undefined) {
          anchors++
          expect(slugsByUrl.get(url), `${page.path} -> ${link}`).toContain(anchor)
        }
      }
    }
    expect(anchors).toBeGreaterThan(0)
  })

  it('keeps heading anchors unique within a page', () => {
    for (const page of pages) {
      const slugs = headingSlugs(splitFrontMatter(page.content).body)
      expect(new Set(slugs).size, page.path).toBe(slugs.length)
    }
  })

  it('averages 4-9 KB of body per page, with short and long pages', () => {
    const sizes = pages.map((p) => Buffer.byteLength(splitFrontMatter(p.content).body))
    const average = sizes.reduce((a, b) => a + b, 0) / sizes.length
    expect(average).toBeGreaterThan(4 * 1024)
    expect(average).toBeLessThan(9 * 1024)
    expect(Math.min(...sizes)).toBeLessThan(2 * 1024)
    expect(Math.max(...sizes)).toBeGreaterThan(12 * 1024)
  })

  it('uses the expected Markdown and MDC building blocks', () => {
    const all = pages.map((p) => p.content).join('\n')
    for (const needle of [
      '```ts',
      '```vue',
      '```bash',
      '```json',
      '```yaml',
      '::tip',
      '::warning',
      '::code-group',
      '```bash [pnpm]',
      ':read-more{to="/docs/',
      '> [!NOTE]',
      '| --- |',
      '\n### ',
      '\n1. ',
      '\n- ',
      'navigation: false',
      'links:\n  - label:',
    ]) {
      expect(all, needle).toContain(needle)
    }
  })

  it('rejects invalid sizes', () => {
    expect(() => generateCorpus(0)).toThrow(RangeError)
    expect(() => generateCorpus(2.5)).toThrow(RangeError)
  })
})
