import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

import { stripBase } from '../../src/contract/base'
import { brandKey } from '../../src/contract/brand-key'
import type { NavItem } from '../../src/contract/content/build-output'
import { blogCategories, deployCategories, moduleCategories } from '../../src/contract/content/categories'
import { applyFilters, MAX_QUERY_LENGTH, moduleSorts } from '../../src/contract/content/module-filters'
import { bodyMarkdown, pageMarkdown, rawPath } from '../../src/contract/content/raw-markdown'
import { neighboursOf, readingOrder } from '../../src/contract/content/reading-order'
import { type DocsEdition, versionNameOf } from '../../src/contract/locales'
import { paths } from '../../src/contract/paths'
import { bestOf, snippet } from '../../src/contract/search-engine'
import { pageParts, UnknownSection } from './markdown-parts'
import { ArgumentProblem, type SiteContent } from './site-content'

/** The most results `search_docs` gives (SPEC's palette shows up to 42; an agent reads fewer). */
export const MAX_SEARCH_RESULTS = 20
/** The most entries one list answer holds; past it the answer says how to narrow it. */
export const MAX_LIST_ENTRIES = 400

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const

const versionArg = z.string().max(40).optional().describe('A docs version: "4.x" or "3.x" (also "v4", "4"). Default: the current version.')
const localeArg = z.string().max(20).optional().describe('A language code the docs are translated into, such as "es". Default: the site\'s default language.')
const sectionsArg = z
  .array(z.string().min(1).max(200))
  .max(20)
  .optional()
  .describe(
    'Only these sections, by their h2 titles as the answer\'s `sections` line names them ("Requirements", or "Create a project › Options"), for a page too long to come whole.',
  )
const pathArg = (what: string) => z.string().min(1).max(500).describe(`The ${what}'s path (such as "/blog/fjord-4"), its full URL, or its last segment ("fjord-4").`)

/**
 * The site's MCP server (Model Context Protocol): read-only tools over this build's docs,
 * modules, blog posts and deploy providers, every docs page as a resource, and two
 * prompts. One is made for each request (the endpoint is stateless); all of them read
 * the same SiteContent, which keeps what it has opened.
 */
export function mcpServer(content: SiteContent): McpServer {
  let known = servers.get(content)
  if (!known) {
    known = definitions(content)
    servers.set(content, known)
  }
  const server = new McpServer(known.info, known.options)
  for (const register of known.registrations) register(server)
  return server
}

type Registration = (server: McpServer) => void
interface Definitions {
  info: ConstructorParameters<typeof McpServer>[0]
  options: ConstructorParameters<typeof McpServer>[1]
  registrations: Registration[]
}
// The tools' schemas and handlers are made once per build's content; each request's server only registers them.
const servers = new WeakMap<SiteContent, Definitions>()

/** Records registrations, to be made again on each request's server; typed as the server's own methods, so each call is checked as theirs. */
function recorder(registrations: Registration[]): Pick<McpServer, 'registerTool' | 'registerResource' | 'registerPrompt'> {
  const later =
    (method: 'registerTool' | 'registerResource' | 'registerPrompt') =>
    (...args: unknown[]) =>
      void registrations.push((s) => (s[method] as (...a: unknown[]) => unknown).apply(s, args))
  return {
    // Their return values (handles to disable a tool) are never used here.
    registerTool: later('registerTool') as unknown as McpServer['registerTool'],
    registerResource: later('registerResource') as unknown as McpServer['registerResource'],
    registerPrompt: later('registerPrompt') as unknown as McpServer['registerPrompt'],
  }
}

function definitions(content: SiteContent): Definitions {
  const { config } = content
  const brand = config.brand.name
  const versions = content.editions.filter((e) => e.locale === config.locales[0]!.code).map((e) => versionNameOf(e.path))
  const registrations: Registration[] = []
  const server = recorder(registrations)
  const info = { name: `${brandKey(config.brand)}-docs`, title: `${brand} documentation`, version: config.docs.versions[0]?.tag ?? '1.0.0', websiteUrl: content.url('/') }
  const options = {
    instructions: `Read-only access to the ${brand} documentation (versions ${versions.join(', ')}), its modules, blog posts and deploy providers, as published at ${content.url('/')}. Start with search_docs for a topic, then get_page for the pages it finds (with \`sections\` for long ones); list_pages gives a version's whole sidebar.`,
  }

  server.registerTool(
    'search_docs',
    {
      title: `Search the ${brand} docs`,
      description: `Searches the ${brand} documentation as the site's search box does (words as prefixes, one typo forgiven, titles weighing most) and returns the best sections: title, headings path, URL and a short excerpt. Read a hit with get_page (its path; the part after # names its section's heading).`,
      inputSchema: {
        query: z.string().trim().min(1, 'must not be empty').max(200).describe('Words to look for, such as "server routes caching".'),
        version: versionArg,
        locale: localeArg,
        limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).default(8).describe(`How many results, 1 to ${MAX_SEARCH_RESULTS} (default 8).`),
      },
      annotations: { title: 'Search the docs', ...READ_ONLY },
    },
    answer(async ({ query, version, locale, limit }) => {
      const edition = content.edition(version, locale)
      const index = await content.searchIndex(edition)
      const found = (await bestOf(query, (combineWith) => index.find(query, combineWith))).slice(0, limit)
      const texts = await index.texts(found.map((r) => r.item.id))
      const hits = found.map(({ item, terms }) => ({
        title: item.title,
        headings: [...item.titles, item.title],
        path: item.id,
        url: content.url(item.id),
        excerpt: snippet(texts.get(item.id) ?? '', terms, 200),
      }))
      return json({
        version: versionNameOf(edition.original),
        locale: edition.locale,
        query,
        hits,
        ...(hits.length ? {} : { note: 'Nothing matched: try fewer or other words, or list_pages.' }),
      })
    }),
  )

  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page',
      description: `Returns a ${brand} docs page as Markdown (as its "View as Markdown" link serves it) with its title, description, version, and previous and next pages. A long page comes in named parts: without \`sections\` it gives the whole page when it fits, else its introduction and outline; ask for sections by their h2 titles (or "Section › Subsection").`,
      inputSchema: {
        path: z
          .string()
          .min(1)
          .max(500)
          .describe('The page\'s path ("/docs/4.x/getting-started/installation"), its URL, or a path within the version ("getting-started/installation").'),
        version: versionArg.describe('For a path given without its version ("getting-started/installation"): "4.x" or "3.x". Default: the current version.'),
        sections: sectionsArg,
      },
      annotations: { title: 'Read a docs page', ...READ_ONLY },
    },
    answer(async ({ path, version, sections }) => {
      const page = await docsPage(content, path, version)
      const facts = {
        title: page.title,
        description: page.description,
        version: `${versionNameOf(page.edition.original)} (${page.edition.tag})`,
        language: page.edition.locale,
        url: content.url(page.path),
        previous: page.previous ? `${page.previous.title} (${page.previous.path})` : undefined,
        next: page.next ? `${page.next.title} (${page.next.path})` : undefined,
      }
      return inParts(facts, page.markdown, sections, content.url(rawPath(page.path)))
    }),
  )

  server.registerTool(
    'list_pages',
    {
      title: 'List docs pages',
      description: `Lists a ${brand} docs version's pages in sidebar order: title, path, URL, description and the sidebar section each is in. Narrow it with \`section\` (a top-level sidebar section, such as "Getting Started").`,
      inputSchema: {
        version: versionArg,
        locale: localeArg,
        section: z.string().min(1).max(200).optional().describe('A sidebar section by its title or path, such as "Getting Started" or "/docs/4.x/guide".'),
      },
      annotations: { title: 'List docs pages', ...READ_ONLY },
    },
    answer(async ({ version, locale, section }) => {
      const edition = content.edition(version, locale)
      const tree = await content.navigation(edition)
      const top = section === undefined ? tree : tree.filter((item) => matchesSection(item, section))
      if (section !== undefined && !top.length) {
        throw new ArgumentProblem('section', `no sidebar section "${section}" in ${edition.path}; the sections are ${tree.map((item) => `"${item.title}"`).join(', ')}`)
      }
      const facts = await content.pageFacts(edition)
      const { titles } = readingOrder(tree)
      const pages = top.flatMap((item) =>
        sectionOrder(item).map((path) => ({
          title: titles.get(path) ?? path,
          path,
          url: content.url(path),
          description: facts.get(path)?.description || undefined,
          section: item.title,
        })),
      )
      const shown = pages.slice(0, MAX_LIST_ENTRIES)
      return json({
        version: versionNameOf(edition.original),
        locale: edition.locale,
        count: pages.length,
        pages: shown,
        ...(pages.length > shown.length
          ? {
              note: `${shown.length} of ${pages.length} pages listed: ask again with \`section\`, one of ${tree.map((item) => `"${item.title}" (${sectionOrder(item).length})`).join(', ')}.`,
            }
          : {}),
      })
    }),
  )

  server.registerTool(
    'list_modules',
    {
      title: `List ${brand} modules`,
      description: `Lists modules of the ${brand} modules directory as its /modules page filters them: text search over name, npm package, category, description and repository; a category; sorted by downloads, stars or dates. Without a sort: sponsors, then official modules, then by downloads.`,
      inputSchema: {
        q: z.string().max(MAX_QUERY_LENGTH).optional().describe('Text to look for, such as "auth".'),
        category: z.enum(moduleCategories).optional().describe('A category; "Official" lists the official modules.'),
        sortBy: z
          .enum(moduleSorts.map((s) => s.value) as [string, ...string[]])
          .optional()
          .describe('downloads (default), stars, publishedAt (updated) or createdAt.'),
        orderBy: z.enum(['asc', 'desc']).optional().describe('desc (default) or asc.'),
        limit: z.number().int().min(1).max(100).default(30).describe('How many modules, 1 to 100 (default 30).'),
      },
      annotations: { title: 'List modules', ...READ_ONLY },
    },
    answer(async ({ q, category, sortBy, orderBy, limit }) => {
      const filters = {
        q: q ?? '',
        ...(category ? { category } : {}),
        ...(sortBy ? { sortBy: sortBy as (typeof moduleSorts)[number]['value'] } : {}),
        ...(orderBy ? { orderBy } : {}),
      }
      const names = (await applyFilters(content.query('modules'), filters).all()).map((row) => row.name)
      if (!names.length) return json({ total: 0, modules: [], note: 'No module matches: try other words or no category.' })
      const rows = await content
        .query('modules')
        .select('name', 'npm', 'description', 'category', 'official', 'downloads', 'stars', 'repo', 'website')
        .where('name', 'IN', names.slice(0, limit))
        .all()
      const byName = new Map(rows.map((row) => [row.name, row]))
      const modules = names.slice(0, limit).flatMap((name) => {
        const row = byName.get(name)
        return row ? [{ ...row, url: content.url(paths.module(name)) }] : []
      })
      return json({ total: names.length, modules })
    }),
  )

  server.registerTool(
    'get_module',
    {
      title: 'Read a module',
      description: `Returns one module of the ${brand} modules directory: its npm package, category, repository, figures, compatibility, maintainers and README as Markdown.`,
      inputSchema: { name: z.string().min(1).max(100).describe('The module\'s name as list_modules gives it, such as "content".'), sections: sectionsArg },
      annotations: { title: 'Read a module', ...READ_ONLY },
    },
    answer(async ({ name, sections }) => {
      const row = await content.query('modules').where('name', '=', name).first()
      if (!row) {
        const near = await content
          .query('modules')
          .select('name')
          .where('name', 'LIKE', `%${name.slice(0, 40).replace(/[%_\\]/g, '')}%`)
          .limit(5)
          .all()
        throw new ArgumentProblem(
          'name',
          `no module "${name}"${near.length ? `; did you mean ${near.map((m) => `"${m.name}"`).join(', ')}?` : '; list_modules finds modules by text'}`,
        )
      }
      const facts = {
        name: row.name,
        npm: row.npm,
        category: row.category,
        official: String(row.type === 'official'),
        repository: row.repo,
        website: row.website,
        downloads: String(row.stats.downloads),
        stars: String(row.stats.stars),
        updated: row.stats.publishedAt,
        compatibility: row.compatibility?.fjord,
        maintainers: row.maintainers.map((m) => `${m.name} (@${m.github})`).join(', ') || undefined,
        url: content.url(paths.module(row.name)),
      }
      const readme = bodyMarkdown({ body: row.readme })
      return inParts(facts, `# ${row.name}\n\n> ${row.description}\n${readme ? `\n${readme}\n` : ''}`, sections, content.url(paths.module(row.name)))
    }),
  )

  server.registerTool(
    'list_blog_posts',
    {
      title: 'List blog posts',
      description: `Lists the ${brand} blog's posts, newest first: title, path, URL, date, description, category, authors and tags.`,
      inputSchema: {
        category: z
          .enum(blogCategories)
          .optional()
          .describe(`Only posts of this category: ${blogCategories.join(', ')}.`),
        limit: z.number().int().min(1).max(100).default(20).describe('How many posts, 1 to 100 (default 20).'),
      },
      annotations: { title: 'List blog posts', ...READ_ONLY },
    },
    answer(async ({ category, limit }) => {
      const query = content.query('blog').select('title', 'path', 'date', 'description', 'category', 'authors', 'tags')
      if (category) query.where('category', '=', category)
      const total = await content.query('blog').count()
      const posts = (await query.order('date', 'DESC').order('path', 'ASC').limit(limit).all()).map((post) => ({
        ...post,
        authors: post.authors.map((a) => a.name),
        url: content.url(post.path),
      }))
      return json({ ...(category ? {} : { total }), posts })
    }),
  )

  server.registerTool(
    'get_blog_post',
    {
      title: 'Read a blog post',
      description: `Returns one ${brand} blog post as Markdown, with its date, authors, category and tags.`,
      inputSchema: { path: pathArg('post'), sections: sectionsArg },
      annotations: { title: 'Read a blog post', ...READ_ONLY },
    },
    answer(async ({ path, sections }) => {
      const wanted = entryPath(content, path, paths.blogPost)
      const post = await content.query('blog').where('path', '=', wanted).first()
      if (!post) throw new ArgumentProblem('path', `no blog post at ${wanted}; list_blog_posts lists them`)
      const facts = {
        title: post.title,
        date: post.date,
        authors: post.authors.map((a) => a.name).join(', '),
        category: post.category,
        tags: post.tags.join(', ') || undefined,
        url: content.url(post.path),
      }
      return inParts(facts, pageMarkdown(post as unknown as Record<string, unknown>), sections, content.url(post.path))
    }),
  )

  server.registerTool(
    'list_deploy_providers',
    {
      title: 'List deploy providers',
      description: `Lists the hosting providers the ${brand} deploy guides cover: name, path, URL, description, category, website and preset.`,
      inputSchema: {
        category: z
          .enum(deployCategories)
          .optional()
          .describe(`Only providers of this category: ${deployCategories.join(', ')}.`),
      },
      annotations: { title: 'List deploy providers', ...READ_ONLY },
    },
    answer(async ({ category }) => {
      const query = content.query('deploy').select('title', 'path', 'description', 'category', 'website', 'nitroPreset', 'featured')
      if (category) query.where('category', '=', category)
      const providers = (await query.order('featured', 'DESC').order('title', 'ASC').all()).map(({ nitroPreset, ...provider }) => ({
        ...provider,
        preset: nitroPreset,
        url: content.url(provider.path),
      }))
      return json({ providers })
    }),
  )

  server.registerTool(
    'get_deploy_provider',
    {
      title: 'Read a deploy guide',
      description: `Returns one ${brand} deploy guide as Markdown: how to deploy to that provider, with its category, website and preset.`,
      inputSchema: { path: pathArg('provider'), sections: sectionsArg },
      annotations: { title: 'Read a deploy guide', ...READ_ONLY },
    },
    answer(async ({ path, sections }) => {
      const wanted = entryPath(content, path, paths.deployProvider)
      const provider = await content.query('deploy').where('path', '=', wanted).first()
      if (!provider) throw new ArgumentProblem('path', `no deploy provider at ${wanted}; list_deploy_providers lists them`)
      const facts = { title: provider.title, category: provider.category, website: provider.website, preset: provider.nitroPreset, url: content.url(provider.path) }
      return inParts(facts, pageMarkdown(provider as unknown as Record<string, unknown>), sections, content.url(provider.path))
    }),
  )

  const scheme = brandKey(config.brand)
  server.registerResource(
    'docs-page',
    new ResourceTemplate(`${scheme}://{+path}`, {
      list: async () => ({
        resources: (
          await Promise.all(
            content.editions.map(async (edition) => {
              const facts = await content.pageFacts(edition)
              return [...facts].map(([path, { title, description }]) => ({
                uri: `${scheme}:/${path}`,
                name: path,
                title,
                description: description || undefined,
                mimeType: 'text/markdown',
              }))
            }),
          )
        ).flat(),
      }),
    }),
    {
      title: `${brand} docs pages`,
      description: `Every ${brand} docs page as Markdown, by its path: ${scheme}://docs/4.x/getting-started/installation.`,
      mimeType: 'text/markdown',
    },
    async (uri) => {
      const path = `/${uri.href.slice(`${scheme}://`.length).replace(/[?#].*$/, '')}`
      const page = await docsPage(content, decodeURIComponent(path), undefined)
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] }
    },
  )

  const [current, previous] = versions
  server.registerPrompt(
    'find_docs',
    {
      title: 'Find the docs for a topic',
      description: `Finds the ${brand} documentation about a topic and answers from it, with links.`,
      argsSchema: { topic: z.string().min(1).max(300).describe('What you want to know, such as "caching server routes".') },
    },
    ({ topic }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Find what the ${brand} documentation says about: ${topic}\n\nCall search_docs with a few keywords of the topic (try other words if nothing fits), then read the two or three best pages with get_page, asking only for the sections that matter when a page is long. Answer from what the pages say, quote the code they give, and link every page you used by its URL. Say so when the docs do not cover it.`,
          },
        },
      ],
    }),
  )
  server.registerPrompt(
    'migration_help',
    {
      title: 'Migrate to the current major version',
      description: `Helps move a project from ${brand} ${previous ?? 'the previous version'} to ${current ?? 'the current version'}, from the migration guides.`,
      argsSchema: { topic: z.string().max(300).optional().describe('What the project uses or what broke, such as "middleware" or "data fetching".') },
    },
    ({ topic }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `I am upgrading a ${brand} project from ${previous ?? 'the previous major version'} to ${current ?? 'the current one'}${topic ? `, and I need help with: ${topic}` : ''}.\n\nCall list_pages for version ${current ?? 'the current version'} and find its migration or upgrade section; read those pages with get_page. ${topic ? `Search both versions for "${topic}" with search_docs (version "${current}" and version "${previous}") and compare what changed. ` : ''}Give the steps in order, with the code before and after, and link the pages you used.`,
          },
        },
      ],
    }),
  )
  return { info, options, registrations }
}

interface DocsPage {
  edition: DocsEdition
  path: string
  title: string
  description: string
  markdown: string
  previous?: { title: string; path: string }
  next?: { title: string; path: string }
}

/** A docs page by a path, a URL or a path within a version, with its neighbours in reading order. */
async function docsPage(content: SiteContent, asked: string, version: string | undefined): Promise<DocsPage> {
  let path = sitePath(content, asked)
  let edition = content.editionOf(path)
  if (!edition) {
    edition = content.edition(version, undefined)
    path = `${edition.path}${path === '/' ? '' : path}`
  } else if (version !== undefined && content.edition(version, edition.locale).path !== edition.path) {
    throw new ArgumentProblem('version', `the path ${path} is in ${versionNameOf(edition.original)}, not "${version}": give the path without its version, or leave version out`)
  }
  const [row] = await content.rows<{ path: string; title: string; description?: string; body?: unknown }>(
    edition.collection,
    `SELECT path, title, description, body FROM "_content_${edition.collection}" WHERE path = ?`,
    [path],
  )
  if (!row) {
    const index = await content.searchIndex(edition).catch(() => undefined)
    const words = path
      .slice(edition.path.length)
      .replace(/[/#-]+/g, ' ')
      .trim()
    const near = words && index ? (await bestOf(words, (combineWith) => index.find(words, combineWith))).filter((r) => !r.item.id.includes('#')).slice(0, 3) : []
    throw new ArgumentProblem('path', `no docs page at ${path}${near.length ? `; did you mean ${near.map((r) => r.item.id).join(', ')}?` : "; list_pages lists a version's pages"}`)
  }
  const tree = await content.navigation(edition)
  const [before, after] = neighboursOf(tree, path)
  const { titles } = readingOrder(tree)
  const named = (p: string | undefined) => (p ? { title: titles.get(p) ?? p, path: p } : undefined)
  return {
    edition,
    path,
    title: row.title,
    description: row.description ?? '',
    markdown: pageMarkdown(row),
    previous: named(before),
    next: named(after),
  }
}

/** A site path from what an agent gave: a URL (this site's), a `/raw/….md` link, or a path; the hash and query left out. */
function sitePath(content: SiteContent, asked: string): string {
  let path = asked.trim()
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      throw new ArgumentProblem('path', `"${asked}" is not a URL or a path`)
    }
    path = stripBase(content.site.base ?? '/', path)
  }
  path = path
    .replace(/[?#].*$/, '')
    .replace(/^\/?raw\//, '/')
    .replace(/\.md$/, '')
  try {
    path = decodeURI(path)
  } catch {
    throw new ArgumentProblem('path', `"${asked}" is not a valid path`)
  }
  if (!path.startsWith('/')) path = `/${path}`
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** A blog post's or provider's path from a path, a URL or its last segment (`fjord-4` → `/blog/fjord-4`). */
function entryPath(content: SiteContent, asked: string, pathOf: (slug: string) => string): string {
  const path = sitePath(content, asked)
  const prefix = pathOf('')
  return path.startsWith(prefix) ? path : pathOf(path.slice(1))
}

/**
 * An answer of a page's facts and its Markdown, bounded: the whole page when it fits,
 * else in named parts (pageParts), the facts saying which parts it holds and which not.
 */
function inParts(facts: Record<string, string | undefined>, markdown: string, sections: readonly string[] | undefined, wholeAt: string): CallToolResult {
  const parts = partsOf(markdown, sections, wholeAt)
  const header = frontMatter({
    ...facts,
    sections: parts.outline.map((s) => s.title).join('; ') || undefined,
    returned: parts.whole ? 'the whole page' : parts.returned.join('; '),
    'not returned (ask for them in another call)': parts.left.join('; ') || undefined,
  })
  return text(`${header}\n${parts.text}`)
}

/** The parts of a page's Markdown, an unknown section named as the `sections` argument's problem. */
function partsOf(markdown: string, sections: readonly string[] | undefined, rawUrl: string) {
  try {
    return pageParts(markdown, sections, { rawUrl })
  } catch (error) {
    if (error instanceof UnknownSection) throw new ArgumentProblem('sections', error.message)
    throw error
  }
}

function matchesSection(item: NavItem, section: string): boolean {
  const asked = section.trim().toLowerCase().replace(/\/+$/, '')
  return item.title.toLowerCase() === asked || item.path.toLowerCase() === asked || item.path.toLowerCase().endsWith(`/${asked.replace(/^\//, '')}`)
}

/** A top-level sidebar section's pages in reading order (kept for the tree, its children being the tree's own array). */
const sectionOrder = (item: NavItem) => readingOrder(item.children ?? [item]).order

/** A YAML-like block of a page's facts (values on one line each), for the agent to read before the Markdown. */
function frontMatter(fields: Record<string, string | undefined>): string {
  const lines = Object.entries(fields).flatMap(([key, value]) => (value ? [`${key}: ${value.replace(/\s*\n\s*/g, ' ')}`] : []))
  return `---\n${lines.join('\n')}\n---\n`
}

const text = (body: string): CallToolResult => ({ content: [{ type: 'text', text: body }] })
const json = (value: unknown): CallToolResult => text(JSON.stringify(value, null, 1))

/**
 * A tool's handler whose argument problems reach the agent as MCP errors naming the
 * argument (`path: no docs page at …`); other failures are the server's, logged here
 * and told as such, without their details.
 */
function answer<A>(handler: (args: A) => Promise<CallToolResult>): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      return await handler(args)
    } catch (error) {
      if (error instanceof ArgumentProblem) return { content: [{ type: 'text', text: error.message }], isError: true }
      console.error('mcp:', error)
      return { content: [{ type: 'text', text: 'The server could not answer this call; try again later.' }], isError: true }
    }
  }
}
