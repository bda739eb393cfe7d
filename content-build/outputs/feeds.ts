import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { Feed } from 'feed'

import { withBase } from '../../src/contract/base'
import { publishedPosts } from '../../src/contract/content/blog'
import { isRecord } from '../../src/contract/is-record'
import { type BlogEdition, blogEditions, labelIn, localeByCode } from '../../src/contract/locales'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { Row } from '../collections/entry'

/** How many posts the feeds carry, newest first. */
export const FEED_ITEMS = 50

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * A blog as RSS 2.0 and Atom 1.0 (the `feed` package): every published post with
 * its title, link, summary, date, authors, category and cover. Drafts never appear.
 * A translated blog's feeds are in its language: their title and description through
 * the locale's `labels`, as its listing's header.
 */
export function blogFeeds(rows: readonly Row[], config: SiteConfig, blog: BlogEdition = blogEditions(config)[0]!): { rss: string; atom: string } {
  const url = (path: string) => new URL(withBase(config.base, path), config.brand.url).href
  const posts = publishedPosts(rows.map((row) => ({ row, date: text(row.date), title: text(row.title), draft: row.draft === true }))).slice(0, FEED_ITEMS)
  const updated = posts[0] ? new Date(posts[0].date) : new Date(0)
  const words = (label: string) => labelIn(config, blog.locale, label)
  const feed = new Feed({
    title: words(`${config.brand.name} blog`),
    description: words(config.brand.description),
    id: url(blog.path),
    link: url(blog.path),
    language: localeByCode(config, blog.locale)?.lang ?? 'en',
    image: url(config.brand.logo),
    favicon: url(config.brand.icon.light),
    copyright: `© ${config.brand.name} contributors, MIT License`,
    updated,
    generator: config.brand.name,
    feedLinks: { rss: url(blog.rss), atom: url(blog.atom) },
  })
  for (const { row: post, title, date } of posts) {
    const authors = Array.isArray(post.authors) ? post.authors.filter(isRecord) : []
    feed.addItem({
      title,
      id: url(text(post.path)),
      link: url(text(post.path)),
      description: text(post.description),
      date: new Date(date),
      author: authors.map((author) => ({ name: text(author.name), ...(author.to ? { link: text(author.to) } : {}) })),
      category: post.category ? [{ name: words(text(post.category)) }] : [],
      ...(post.image ? { image: url(text(post.image)) } : {}),
    })
  }
  return { rss: feed.rss2(), atom: feed.atom1() }
}

/** Writes `/blog/rss.xml` and `/blog/atom.xml` when the site has a blog collection, and each translated blog's beside its listing. */
export async function writeBlogFeeds(outDir: string, collections: readonly { def: { name: string }; rows: readonly Row[] }[], config: SiteConfig): Promise<void> {
  for (const blog of blogEditions(config)) {
    const rows = collections.find((c) => c.def.name === blog.collection)?.rows
    if (rows) await writeFeeds(outDir, blog, blogFeeds(rows, config, blog))
  }
}

async function writeFeeds(outDir: string, blog: BlogEdition, { rss, atom }: { rss: string; atom: string }) {
  for (const [path, xml] of [
    [blog.rss, rss],
    [blog.atom, atom],
  ] as const) {
    const file = join(outDir, path)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, xml)
  }
}
