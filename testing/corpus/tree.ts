// Plans the folder tree of the corpus: which folders exist, their numeric
// order prefixes, titles and icons, and which page goes where. Content is
// generated later; this module only decides paths, URLs and titles.
import type { Rng } from './random'
import { titleCase } from './words'

export interface FolderSlot {
  dir: string // e.g. "2.guide/3.routing"
  title: string
  icon: string
}

export interface PageSlot {
  file: string // e.g. "2.guide/3.routing/4.middleware.md"
  url: string // e.g. "/docs/guide/routing/middleware"
  title: string
  isIndex: boolean
  folder: number // index into `folders`, used to prefer links between neighbours
  top: number // index of the top-level section
}

// Top-level sections with their icon and preferred sub-section names.
const SECTIONS: [string, string, string[]][] = [
  ['getting-started', 'i-lucide-rocket', ['installation', 'project-structure', 'first-app', 'concepts', 'upgrading', 'editor-setup', 'tutorials']],
  [
    'guide',
    'i-lucide-book-open',
    ['routing', 'data-fetching', 'rendering', 'state-management', 'styling', 'layouts', 'server', 'assets', 'seo', 'error-handling', 'forms', 'authentication', 'testing', 'i18n'],
  ],
  ['api', 'i-lucide-code-xml', ['composables', 'utils', 'components', 'commands', 'kit', 'server-utils', 'hooks', 'types', 'advanced']],
  ['components', 'i-lucide-component', ['navigation', 'forms', 'layout', 'overlays', 'data-display', 'feedback', 'media', 'typography']],
  ['configuration', 'i-lucide-settings', ['app-config', 'runtime-config', 'build', 'server', 'typescript', 'environment', 'experimental', 'route-rules']],
  ['modules', 'i-lucide-puzzle', ['official', 'authoring', 'content', 'image', 'i18n', 'fonts', 'pwa', 'analytics']],
  ['deployment', 'i-lucide-cloud-upload', ['platforms', 'node', 'static-hosting', 'edge', 'docker', 'ci-cd', 'monitoring', 'presets']],
  ['advanced', 'i-lucide-cpu', ['internals', 'performance', 'security', 'hooks', 'islands', 'streaming', 'caching', 'bundling', 'debugging']],
  ['recipes', 'i-lucide-chef-hat', ['authentication', 'payments', 'search', 'dashboards', 'blogs', 'e-commerce', 'realtime', 'uploads']],
  ['migration', 'i-lucide-arrow-right-left', ['from-v2', 'from-v3', 'from-other-frameworks', 'breaking-changes', 'codemods', 'compatibility']],
  ['community', 'i-lucide-users', ['contributing', 'governance', 'releases', 'support', 'showcase', 'events']],
  ['examples', 'i-lucide-flask-conical', ['basics', 'routing', 'data', 'server', 'styling', 'integrations', 'experiments']],
]

// Extra top-level names used once the corpus outgrows the twelve sections above.
const EXTRA_SECTIONS = [
  'ecosystem',
  'integrations',
  'tutorials',
  'cookbook',
  'internals',
  'plugins',
  'testing',
  'security',
  'performance',
  'cli',
  'observability',
  'data',
  'server',
  'rendering',
  'tooling',
  'accessibility',
  'architecture',
  'troubleshooting',
  'reference',
  'patterns',
]

export const TOPICS = [
  'introduction',
  'overview',
  'installation',
  'quick-start',
  'configuration',
  'project-structure',
  'routing',
  'dynamic-routes',
  'nested-routes',
  'route-params',
  'middleware',
  'navigation-guards',
  'layouts',
  'pages',
  'auto-imports',
  'composables',
  'plugins',
  'data-fetching',
  'caching',
  'revalidation',
  'prefetching',
  'lazy-loading',
  'code-splitting',
  'server-routes',
  'api-routes',
  'event-handlers',
  'request-body',
  'query-parameters',
  'cookies',
  'headers',
  'sessions',
  'authentication',
  'authorization',
  'csrf-protection',
  'cors',
  'rate-limiting',
  'error-handling',
  'error-pages',
  'logging',
  'tracing',
  'metrics',
  'health-checks',
  'environment-variables',
  'runtime-config',
  'app-config',
  'typescript',
  'type-safety',
  'typed-routes',
  'unit-tests',
  'e2e-tests',
  'mocking',
  'fixtures',
  'snapshots',
  'state-management',
  'stores',
  'forms',
  'validation',
  'file-uploads',
  'images',
  'fonts',
  'icons',
  'styling',
  'css-modules',
  'theming',
  'dark-mode',
  'transitions',
  'animations',
  'seo',
  'meta-tags',
  'sitemaps',
  'open-graph',
  'localization',
  'pluralization',
  'date-formatting',
  'accessibility',
  'bundle-size',
  'tree-shaking',
  'hydration',
  'ssr',
  'ssg',
  'spa-mode',
  'hybrid-rendering',
  'islands',
  'streaming',
  'prerendering',
  'incremental-builds',
  'edge-rendering',
  'docker',
  'node-server',
  'serverless',
  'cdn',
  'preview-deployments',
  'ci-pipelines',
  'monitoring',
  'debugging',
  'devtools',
  'hot-module-replacement',
  'vite-config',
  'build-hooks',
  'runtime-hooks',
  'lifecycle',
  'payload',
  'serialization',
  'storage',
  'key-value-storage',
  'database',
  'migrations',
  'queries',
  'pagination',
  'infinite-scroll',
  'search',
  'filtering',
  'sorting',
  'websockets',
  'server-sent-events',
  'background-jobs',
  'scheduled-tasks',
  'webhooks',
  'emails',
  'notifications',
  'payments',
  'analytics',
  'feature-flags',
  'security-headers',
  'content-security-policy',
  'secrets',
  'dependency-updates',
  'deprecations',
  'faq',
  'glossary',
  'troubleshooting',
  'known-issues',
  'best-practices',
  'conventions',
  'naming',
  'monorepos',
  'workspaces',
  'layers',
  'presets',
  'adapters',
  'custom-renderers',
  'web-components',
  'service-workers',
  'offline-support',
  'manifest',
  'proxying',
  'redirects',
  'rewrites',
  'route-rules',
  'trailing-slashes',
  'base-url',
  'public-directory',
  'static-files',
  'compression',
  'http-caching',
  'etags',
  'cache-headers',
  'teleports',
  'suspense',
  'async-components',
  'keep-alive',
  'head-management',
  'client-only',
  'server-components',
  'payload-extraction',
]

const QUALIFIERS = ['advanced', 'custom', 'basic', 'shared', 'dynamic', 'typed', 'server', 'client', 'edge', 'static', 'legacy', 'experimental']

const ICONS = [
  'i-lucide-file-text',
  'i-lucide-folder',
  'i-lucide-route',
  'i-lucide-database',
  'i-lucide-server',
  'i-lucide-palette',
  'i-lucide-shield',
  'i-lucide-zap',
  'i-lucide-globe',
  'i-lucide-wrench',
  'i-lucide-layers',
  'i-lucide-box',
  'i-lucide-terminal',
  'i-lucide-git-branch',
  'i-lucide-gauge',
  'i-lucide-lock',
  'i-lucide-image',
  'i-lucide-languages',
  'i-lucide-test-tube',
  'i-lucide-package',
  'i-lucide-blocks',
]

const MAX_LEAF = 25 // A folder holding more pages than this is split into sub-folders.
const LEAF_TARGET = 16 // Typical number of pages per leaf folder (ranges from about 8 to 25).

/** `count` distinct slugs: preferred names first, then the topic pool, then combinations. */
function pickNames(rng: Rng, count: number, preferred: readonly string[], pool: readonly string[]): string[] {
  const names = new Set<string>()
  for (const list of [preferred, rng.shuffle(pool)]) {
    for (const name of list) {
      if (names.size >= count) return [...names]
      names.add(name)
    }
  }
  for (let i = 0; names.size < count; i++) {
    const combo = `${QUALIFIERS[i % QUALIFIERS.length]}-${pool[Math.floor(i / QUALIFIERS.length) % pool.length]}`
    names.add(i < QUALIFIERS.length * pool.length ? combo : `${combo}-${i}`)
  }
  return [...names]
}

/** Splits `total` into `weights.length` parts of at least 1, proportional to the weights. */
function apportion(total: number, weights: number[]): number[] {
  const spare = total - weights.length
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((w) => (spare * w) / sum)
  const parts = exact.map((x) => 1 + Math.floor(x))
  let left = total - parts.reduce((a, b) => a + b, 0)
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break
    parts[i] = (parts[i] ?? 0) + 1
  }
  return parts
}

export function planTree(n: number, rng: Rng): { folders: FolderSlot[]; pages: PageSlot[] } {
  const folders: FolderSlot[] = []
  const pages: PageSlot[] = []

  // Roughly one top-level section per 30 pages for small corpora (at most the
  // twelve named ones), then one per ~450 pages so that huge corpora stay balanced.
  const topCount = Math.min(n, Math.max(Math.min(SECTIONS.length, Math.ceil(n / 30)), Math.ceil(n / 450)))
  const topNames = pickNames(
    rng,
    topCount,
    SECTIONS.map((s) => s[0]),
    EXTRA_SECTIONS,
  )
  const topBudgets = apportion(
    n,
    topNames.map((_, i) => (i === 0 ? 0.6 : 0.7 + rng.float() * 0.6)),
  )

  function visit(dir: string, url: string, slug: string, budget: number, depth: number, top: number, preferredChildren: string[], icon: string): void {
    const folder = folders.length
    const title = titleCase(slug)
    folders.push({ dir, title, icon })
    let rest = budget
    if (depth === 1 || rng.chance(0.35)) {
      pages.push({ file: `${dir}/index.md`, url, title, isIndex: true, folder, top })
      rest--
    }
    if (rest <= 0) return
    if (rest <= MAX_LEAF || depth >= 3) {
      pickNames(rng, rest, [], TOPICS).forEach((name, i) => {
        pages.push({ file: `${dir}/${i + 1}.${name}.md`, url: `${url}/${name}`, title: titleCase(name), isIndex: false, folder, top })
      })
      return
    }
    const leaves = rest / LEAF_TARGET
    const childCount = leaves <= 9 || depth === 2 ? Math.max(2, Math.round(leaves)) : Math.min(12, Math.ceil(leaves / 5))
    const budgets = apportion(
      rest,
      Array.from({ length: childCount }, () => 0.7 + rng.float() * 0.6),
    )
    const names = pickNames(rng, childCount, rng.shuffle(preferredChildren), TOPICS)
    names.forEach((name, i) => {
      visit(`${dir}/${i + 1}.${name}`, `${url}/${name}`, name, budgets[i] ?? 0, depth + 1, top, [], rng.pick(ICONS))
    })
  }

  topNames.forEach((name, i) => {
    const known = SECTIONS.find((s) => s[0] === name)
    visit(`${i + 1}.${name}`, `/docs/${name}`, name, topBudgets[i] ?? 0, 1, i, known ? known[2] : [], known ? known[1] : rng.pick(ICONS))
  })
  return { folders, pages }
}
