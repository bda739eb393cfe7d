import { beforeAll, describe, expect, it } from 'vitest'

import type { RankedResult } from '@/contract/search-engine'
import type { SearchItem } from '@/contract/search-engine'

import { buildContent } from '../../../content-build/build'
import siteConfig from '../../../site.config'
import { CHUNK_BYTES, SHARD_BYTES } from '../../contract/search-index'
import { prebuiltFixture } from './prebuilt-fixture'
import { inScope } from './scope'
import { SearchSession } from './search-session'

/**
 * The palette's ranking against the demo content in this repository: what a reader
 * types (common words, questions, one-letter typos, API names) and the page they want
 * (any of several when the content really answers it in more than one place). The
 * index is built from the same items the palette loads on a 4.x page.
 */
const cases: [query: string, wanted: string[]][] = [
  ['state management', ['/docs/4.x/api/composables/use-state']],
  ['navigate programmatically', ['/docs/4.x/api/utils/navigate-to']],
  ['contribute', ['/docs/4.x/community/contribution']],
  ['install', ['/docs/4.x/getting-started/installation']],
  ['installation', ['/docs/4.x/getting-started/installation']],
  ['instalation', ['/docs/4.x/getting-started/installation']],
  ['usefetch', ['/docs/4.x/api/composables/use-fetch']],
  ['useAsyncData', ['/docs/4.x/api/composables/use-async-data']],
  ['useState', ['/docs/4.x/api/composables/use-state']],
  ['navigateTo', ['/docs/4.x/api/utils/navigate-to']],
  ['definePageMeta', ['/docs/4.x/api/utils/define-page-meta']],
  ['runtime config', ['/docs/4.x/api/composables/use-runtime-config', '/docs/4.x/getting-started/configuration']],
  ['environment variables', ['/docs/4.x/api/composables/use-runtime-config', '/docs/4.x/getting-started/configuration']],
  ['configuraton', ['/docs/4.x/getting-started/configuration', '/docs/4.x/api/configuration']],
  ['route guard', ['/docs/4.x/api/utils/define-route-guard', '/docs/4.x/guide/directory-structure/app/guards']],
  ['middleware', ['/docs/4.x/guide/directory-structure/app/guards', '/docs/4.x/guide/directory-structure/server', '/docs/4.x/migration']],
  ['layouts', ['/docs/4.x/guide/directory-structure/app/layouts']],
  ['dynamic routes', ['/docs/4.x/guide/directory-structure/app/pages', '/docs/4.x/getting-started/routing']],
  ['catch all route', ['/docs/4.x/guide/directory-structure/app/pages']],
  ['nested routes', ['/docs/4.x/getting-started/routing', '/docs/4.x/guide/directory-structure/app/pages', '/docs/4.x/api/components/fjord-page']],
  ['routng', ['/docs/4.x/getting-started/routing']],
  ['deployment', ['/docs/4.x/getting-started/deployment']],
  ['deploymnt', ['/docs/4.x/getting-started/deployment']],
  ['serverless', ['/docs/4.x/getting-started/deployment']],
  ['static hosting', ['/docs/4.x/getting-started/deployment']],
  ['prerender', ['/docs/4.x/guide/concepts/rendering']],
  ['hydration mismatch', ['/docs/4.x/guide/concepts/rendering', '/docs/4.x/api/components/client-only']],
  ['client only component', ['/docs/4.x/api/components/client-only']],
  ['link prefetch', ['/docs/4.x/api/components/fjord-link']],
  ['page transitions', ['/docs/4.x/api/components/fjord-page']],
  ['auto imports', ['/docs/4.x/guide/concepts/auto-imports']],
  ['lifecycle hooks', ['/docs/4.x/guide/going-further/hooks', '/docs/4.x/api/advanced/hooks']],
  ['how do I write a module', ['/docs/4.x/api/kit/modules']],
  ['dev server', ['/docs/4.x/api/commands/dev', '/docs/4.x/getting-started/installation']],
  ['build for production', ['/docs/4.x/getting-started/installation', '/docs/4.x/api/commands/build']],
  ['authentication', ['/docs/4.x/guide/recipes/authentication']],
  ['session cookie', ['/docs/4.x/guide/recipes/authentication', '/docs/4.x/guide/best-practices/security']],
  ['security headers', ['/docs/4.x/guide/best-practices/security']],
  ['cross-site request forgery', ['/docs/4.x/guide/best-practices/security']],
  ['performance', ['/docs/4.x/guide/best-practices/performance']],
  ['upgrade', ['/docs/4.x/getting-started/upgrade', '/docs/4.x/migration']],
  ['migrate from fjord 3', ['/docs/4.x/migration', '/blog/migrating-a-large-app']],
  ['bridge', ['/docs/4.x/bridge']],
  ['unit tests', ['/docs/4.x/getting-started/testing', '/blog/testing-fjord-apps']],
  ['vitest', ['/docs/4.x/getting-started/testing', '/blog/testing-fjord-apps']],
  ['server routes', ['/docs/4.x/guide/directory-structure/server', '/blog/building-an-api-with-server-routes', '/blog/caching-server-routes']],
  ['cold starts', ['/blog/cold-starts-on-the-edge']],
  ['error page', ['/docs/4.x/getting-started/views', '/docs/4.x/guide/directory-structure/app']],
  ['public directory', ['/docs/4.x/guide/directory-structure/public']],
  ['shared code', ['/docs/4.x/guide/directory-structure/shared']],
  ['storage', ['/docs/4.x/guide/concepts/server-engine']],
  ['app config', ['/docs/4.x/getting-started/configuration', '/docs/4.x/guide/directory-structure/app']],
]

let index: { search: (query: string) => RankedResult[] }

beforeAll(async () => {
  const out = await buildContent({ root: process.cwd(), config: siteConfig, env: {} })
  const sections = out.collections.filter((c) => c.def.name === 'docsv4' || c.def.name === 'blog').flatMap((c) => c.sections ?? [])
  const items: SearchItem[] = sections.filter((s) => inScope(s.id, '/docs/4.x')).map((s) => ({ ...s, kind: s.id.startsWith('/blog') ? 'blog' : 'docs', to: s.id }))
  const deploy = out.pages.filter((p) => p.collection === 'deploy').map((p) => p.row)
  items.push(
    ...deploy.map((row): SearchItem => ({
      id: String(row?.path),
      title: String(row?.title),
      titles: ['Hosting'],
      content: String(row?.description ?? ''),
      level: 1,
      kind: 'hosting',
      to: String(row?.path),
    })),
  )
  // As the palette searches: the version's sections in the index the build makes, the blog and providers indexed here.
  const fixture = prebuiltFixture(
    items.filter((i) => i.kind === 'docs'),
    { shard: SHARD_BYTES, chunk: CHUNK_BYTES },
  )
  const session = new SearchSession(fixture.fetchJson)
  const source = fixture.source({ blog: items.filter((i) => i.kind === 'blog'), hosting: items.filter((i) => i.kind === 'hosting') })
  const found = new Map(await Promise.all(cases.map(async ([query]) => [query, await session.search(source, query)] as const)))
  index = { search: (query) => found.get(query) ?? [] }
}, 120_000)

describe('search relevance on the demo content', () => {
  it('puts the page a reader wants in the top five for at least 95% of the queries, first for at least 80%', () => {
    const pageOf = (id: string) => id.split('#')[0] ?? id
    const report = cases.map(([query, wanted]) => {
      const pages = index.search(query).map((r) => pageOf(r.item.id))
      const at = pages.findIndex((page) => wanted.includes(page))
      return { query, at, top: pages.slice(0, 3) }
    })
    const top5 = report.filter((r) => r.at >= 0 && r.at < 5).length / cases.length
    const first = report.filter((r) => r.at === 0).length / cases.length
    const misses = report.filter((r) => r.at !== 0).map((r) => `${r.query} → ${r.at === -1 ? 'missing' : `#${r.at + 1}`} (${r.top.join(', ')})`)
    console.log(
      `search relevance: ${cases.length} queries, top 5 ${(top5 * 100).toFixed(1)}%, first ${(first * 100).toFixed(1)}%${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
    )
    expect(cases.length).toBeGreaterThanOrEqual(40)
    expect(top5).toBeGreaterThanOrEqual(0.95)
    expect(first).toBeGreaterThanOrEqual(0.8)
  })
})
