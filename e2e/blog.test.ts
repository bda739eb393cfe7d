import { readdir, readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

interface PostFile {
  title: string
  category: string
  date: string
  draft: boolean
}
let posts: PostFile[] = []

/** The demo posts as their front matter says (title, category, date, draft). */
beforeAll(async () => {
  const dir = resolve(import.meta.dirname, '..', 'content/blog')
  posts = await Promise.all(
    (await readdir(dir)).map(async (file) => {
      const text = await readFile(resolve(dir, file), 'utf8')
      const field = (name: string) => (text.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1] ?? '').replace(/^(['"])(.*)\1$/, '$2')
      return { title: field('title'), category: field('category'), date: field('date'), draft: field('draft') === 'true' }
    }),
  )
})
const published = () => posts.filter((p) => !p.draft).sort((a, b) => b.date.localeCompare(a.date))

async function open(path: string): Promise<Page> {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(base + path)
  await appReady(page)
  await expect.poll(() => page.locator('main h1').count()).toBe(1)
  return page
}
const cards = (page: Page) => page.getByRole('list', { name: 'Blog posts' }).getByRole('heading').allTextContents()

describe('the blog', () => {
  it('features the newest post, lists the others as cards, and filters by category in the URL', async () => {
    expect(published().length).toBeGreaterThanOrEqual(10)
    expect(new Set(published().map((p) => p.category)).size).toBeGreaterThanOrEqual(4)
    const page = await open('/blog')
    const [newest, ...others] = published()
    expect(await page.locator('#blog-featured-title').textContent()).toBe(newest?.title)
    expect(await cards(page)).toEqual(others.map((p) => p.title))

    const tutorials = published().filter((p) => p.category === 'Tutorial')
    await page
      .getByRole('group', { name: 'Categories' })
      .getByRole('button', { name: `Tutorial (${tutorials.length})` })
      .click()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Tutorial')
    await expect.poll(() => cards(page)).toEqual(tutorials.map((p) => p.title))
    expect(await page.locator('#blog-featured-title').count()).toBe(0)
    expect(await page.locator('main h2.blog-count').textContent()).toBe(`${tutorials.length} posts in Tutorial`)
    await page.goBack()
    await expect.poll(() => cards(page)).toEqual(others.map((p) => p.title))
    // A shared link opens filtered.
    await page.goto(`${base}/blog?category=Community`)
    await expect
      .poll(() => cards(page))
      .toEqual(
        published()
          .filter((p) => p.category === 'Community')
          .map((p) => p.title),
      )
    await page.close()
  })

  it('opens a post with its reading time, a table of contents that jumps to its headings, and the next posts', async () => {
    const page = await open('/blog')
    await page.getByRole('link', { name: 'Announcing Fjord 4.0' }).click()
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Announcing Fjord 4.0')
    expect(new URL(page.url()).pathname).toBe('/blog/fjord-4')
    expect(await page.locator('.blog-post-eyebrow').textContent()).toMatch(/\d+ min read/)
    expect(await page.getByRole('list', { name: 'Authors' }).first().getByRole('link').allTextContents()).toEqual(['Ingrid Solberg', 'Tomas Reyes'])
    const toc = page.locator('.blog-post-aside')
    await toc.getByRole('link', { name: 'Breaking changes' }).click()
    await expect.poll(() => new URL(page.url()).hash).toBe('#breaking-changes')
    await expect.poll(() => page.getByRole('heading', { name: 'Breaking changes' }).evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(200)

    const index = published().findIndex((p) => p.title === 'Announcing Fjord 4.0')
    const more = page.getByRole('navigation', { name: 'More posts' })
    expect(await more.getByRole('link').allTextContents()).toEqual([`Older post ${published()[index + 1]?.title}`, `Newer post ${published()[index - 1]?.title}`])
    await page.close()
  })

  it('serves RSS 2.0 and Atom feeds with every published post and no draft, announced in the head', async () => {
    const page = await open('/blog')
    // The head's alternates carrying `by`, each as [its `by`, the path it names].
    const alternates = (by: 'type' | 'hreflang') =>
      page.locator(`head link[rel="alternate"][${by}]`).evaluateAll((links, name) => links.map((l) => [l.getAttribute(name), new URL(l.getAttribute('href') ?? '').pathname]), by)
    expect(await alternates('type')).toEqual([
      ['application/rss+xml', '/blog/rss.xml'],
      ['application/atom+xml', '/blog/atom.xml'],
    ])
    // Beside them, the listing in every language it is read in (the demo's Spanish blog).
    expect(await alternates('hreflang')).toEqual([
      ['en', '/blog'],
      ['es', '/es/blog'],
      ['x-default', '/blog'],
    ])
    for (const [path, item] of [
      ['/blog/rss.xml', 'item'],
      ['/blog/atom.xml', 'entry'],
    ] as const) {
      const res = await fetch(base + path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/xml/)
      const xml = await res.text()
      // Parsed by the browser's XML parser: well-formed, with one item per published post, newest first.
      const titles = await page.evaluate(
        ([text, tag]) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml')
          if (doc.querySelector('parsererror')) return null
          return [...doc.getElementsByTagName(tag)].map((el) => el.getElementsByTagName('title')[0]?.textContent ?? '')
        },
        [xml, item] as const,
      )
      expect(titles).toEqual(published().map((p) => p.title))
      for (const draft of posts.filter((p) => p.draft)) expect(xml).not.toContain(draft.title)
    }
    await page.close()
  })
})
