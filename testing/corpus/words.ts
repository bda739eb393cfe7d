// Vocabulary for the fictional "Fjord" framework, plus the word-level helpers
// (plurals, verb forms, articles, identifiers) that the prose and code
// generators build on. The lists are deliberately broad so that sentences
// built from templates do not repeat verbatim across thousands of pages.
import type { Rng } from './random'

export const NOUNS = [
  'route',
  'page',
  'layout',
  'component',
  'composable',
  'plugin',
  'module',
  'middleware',
  'store',
  'cache',
  'request',
  'response',
  'payload',
  'handler',
  'endpoint',
  'server',
  'client',
  'bundle',
  'chunk',
  'build',
  'template',
  'slot',
  'prop',
  'event',
  'hook',
  'config file',
  'option',
  'schema',
  'validator',
  'query',
  'mutation',
  'loader',
  'adapter',
  'driver',
  'renderer',
  'island',
  'runtime',
  'context',
  'environment variable',
  'token',
  'session',
  'cookie',
  'header',
  'redirect',
  'error boundary',
  'fallback',
  'manifest',
  'asset',
  'image',
  'font',
  'stylesheet',
  'theme',
  'locale',
  'translation',
  'log entry',
  'metric',
  'trace',
  'worker',
  'queue',
  'job',
  'transaction',
  'database',
  'migration',
  'model',
  'record',
  'collection',
  'document',
  'field',
  'type',
  'interface',
  'declaration',
  'import',
  'alias',
  'path',
  'segment',
  'parameter',
  'navigation guard',
  'transition',
  'directive',
  'ref',
  'watcher',
  'computed value',
  'state',
  'snapshot',
  'dependency',
  'package',
  'workspace',
  'preset',
  'deployment',
  'edge function',
  'container',
  'cache key',
  'lockfile',
  'sourcemap',
  'entry point',
  'plugin hook',
  'route rule',
  'prerender pass',
  'dev server',
  'test suite',
  'fixture',
  'mock',
  'snapshot test',
  'stream',
  'signal',
  'subscription',
  'permission',
  'role',
  'policy',
  'key',
  'secret',
  'certificate',
  'domain',
  'proxy',
  'rewrite',
  'status code',
  'retry',
  'timeout',
  'batch',
  'fetch call',
  'async boundary',
] as const

export const ADJECTIVES = [
  'reactive',
  'typed',
  'cached',
  'lazy',
  'static',
  'dynamic',
  'nested',
  'shared',
  'isolated',
  'global',
  'local',
  'server-side',
  'client-side',
  'asynchronous',
  'incremental',
  'deterministic',
  'predictable',
  'stale',
  'fresh',
  'persistent',
  'temporary',
  'optional',
  'required',
  'custom',
  'default',
  'scoped',
  'immutable',
  'serializable',
  'prerendered',
  'hybrid',
  'lightweight',
  'granular',
  'declarative',
  'explicit',
  'implicit',
  'internal',
  'external',
  'public',
  'private',
  'secure',
  'consistent',
  'strict',
  'verbose',
  'minimal',
  'parallel',
  'sequential',
  'critical',
  'expensive',
  'unused',
  'generated',
  'compiled',
  'encrypted',
  'signed',
  'versioned',
  'localized',
  'paginated',
  'streamed',
  'deferred',
] as const

// Regular verbs get their forms from simple English rules; the few irregular
// ones (doubled consonants, unchanged past forms) are listed in IRREGULAR.
export const VERBS = [
  'resolve',
  'cache',
  'render',
  'hydrate',
  'validate',
  'serialize',
  'transform',
  'load',
  'prefetch',
  'register',
  'inject',
  'expose',
  'merge',
  'override',
  'extend',
  'generate',
  'compile',
  'bundle',
  'invalidate',
  'revalidate',
  'normalize',
  'parse',
  'stream',
  'batch',
  'schedule',
  'wrap',
  'intercept',
  'forward',
  'persist',
  'restore',
  'reuse',
  'share',
  'isolate',
  'split',
  'preload',
  'optimize',
  'compress',
  'sign',
  'verify',
  'encode',
  'decode',
  'track',
  'observe',
  'update',
  'create',
  'configure',
  'define',
  'import',
  'export',
  'emit',
  'handle',
  'process',
  'collect',
  'filter',
  'sort',
  'group',
  'map',
  'deduplicate',
  'hash',
  'minify',
  'mount',
  'watch',
  'patch',
  'replace',
  'inspect',
  'debounce',
  'throttle',
  'retry',
  'redirect',
  'authorize',
  'log',
  'measure',
  'snapshot',
] as const

const IRREGULAR: Record<string, [string, string, string]> = {
  // verb: [third person, past participle, gerund]
  wrap: ['wraps', 'wrapped', 'wrapping'],
  split: ['splits', 'split', 'splitting'],
  map: ['maps', 'mapped', 'mapping'],
  emit: ['emits', 'emitted', 'emitting'],
  log: ['logs', 'logged', 'logging'],
  retry: ['retries', 'retried', 'retrying'],
}

export const ADVERBS = [
  'automatically',
  'lazily',
  'eagerly',
  'explicitly',
  'incrementally',
  'in parallel',
  'on demand',
  'at build time',
  'at runtime',
  'on the server',
  'in the browser',
  'per request',
  'only once',
  'sequentially',
  'transparently',
  'in the background',
  'before hydration',
  'after the first render',
  'during prerendering',
  'behind a flag',
] as const

export const ENTITIES = [
  'cart',
  'order',
  'user',
  'product',
  'invoice',
  'article',
  'comment',
  'team',
  'project',
  'ticket',
  'workspace',
  'account',
  'payment',
  'review',
  'booking',
  'device',
  'report',
  'task',
  'message',
  'channel',
  'notification',
  'subscription',
  'catalog',
  'shipment',
  'customer',
  'author',
  'tag',
  'playlist',
  'track',
  'venue',
  'course',
  'lesson',
  'recipe',
  'profile',
  'invite',
  'feed',
  'release',
  'deploy',
  'metric',
  'alert',
  'survey',
  'coupon',
] as const

export const ENTITY_SUFFIXES = [
  'Store',
  'Query',
  'List',
  'Form',
  'Cache',
  'Session',
  'Filters',
  'Stats',
  'Details',
  'Search',
  'Feed',
  'Actions',
  'State',
  'Loader',
  'Summary',
] as const

export const FJORD_APIS = [
  'defineFjordConfig',
  'defineEventHandler',
  'defineRouteMiddleware',
  'definePageMeta',
  'defineFjordPlugin',
  'navigateTo',
  'createError',
  'useFetch',
  'useAsyncData',
  'useState',
  'useRoute',
  'useRouter',
  'useRuntimeConfig',
  'useHead',
  'useSeoMeta',
  'useCookie',
  'readBody',
  'getQuery',
  'getRouterParam',
  'setResponseStatus',
  'sendRedirect',
  'refreshData',
  'clearCache',
  'useLazyFetch',
  'useRequestHeaders',
  'useFjordApp',
  'prerenderRoutes',
  'defineCachedHandler',
  'useStorage',
  'defineAppConfig',
] as const

export const CONFIG_OPTIONS = [
  'router.trailingSlash',
  'router.prefetch',
  'cache.maxAge',
  'cache.driver',
  'build.sourcemap',
  'build.analyze',
  'server.port',
  'server.host',
  'runtimeConfig.public.apiBase',
  'experimental.islands',
  'experimental.viewTransition',
  'image.formats',
  'i18n.defaultLocale',
  'content.highlight.theme',
  'server.preset',
  'vite.optimizeDeps',
  'devtools.enabled',
  'app.baseURL',
  'app.head.title',
  'routeRules',
  'typescript.strict',
  'modules',
  'css',
  'ssr',
  'telemetry',
  'prerender.routes',
  'prerender.crawlLinks',
  'build.transpile',
  'logLevel',
] as const

export const PACKAGES = [
  'fjord',
  '@fjord/core',
  '@fjord/router',
  '@fjord/content',
  '@fjord/image',
  '@fjord/i18n',
  '@fjord/test-utils',
  '@fjord/devtools',
  '@fjord/kit',
  '@fjord/ui',
  '@fjord/icons',
  '@fjord/schema',
  '@fjord/server',
  '@fjord/adapter-node',
  '@fjord/adapter-vercel',
  '@fjord/adapter-cloudflare',
  '@fjord/auth',
  '@fjord/fonts',
  '@fjord/pwa',
] as const

export const CLI_COMMANDS = [
  'fjord dev',
  'fjord build',
  'fjord generate',
  'fjord preview',
  'fjord typecheck',
  'fjord analyze',
  'fjord info',
  'fjord cleanup',
  'fjord upgrade',
  'fjord test',
  'fjord add module',
  'fjord prepare',
  'fjord dev --host',
  'fjord build --preset node',
  'fjord build --preset vercel',
  'fjord dev --port 4000',
  'fjord generate --fail-on-error',
] as const

// Acronyms and brand spellings used when turning slugs into titles, and the
// short words that stay lower-case unless they start the title.
const SPECIAL_CASE: Record<string, string> = {
  api: 'API',
  ssr: 'SSR',
  ssg: 'SSG',
  spa: 'SPA',
  cli: 'CLI',
  seo: 'SEO',
  css: 'CSS',
  html: 'HTML',
  url: 'URL',
  urls: 'URLs',
  json: 'JSON',
  yaml: 'YAML',
  ttl: 'TTL',
  i18n: 'i18n',
  ui: 'UI',
  typescript: 'TypeScript',
  faq: 'FAQ',
  pwa: 'PWA',
  http: 'HTTP',
  cors: 'CORS',
  csrf: 'CSRF',
  ci: 'CI',
  cd: 'CD',
  cdn: 'CDN',
  e2e: 'E2E',
  env: 'Env',
  vite: 'Vite',
  vue: 'Vue',
  github: 'GitHub',
}
const SMALL_WORDS = new Set(['and', 'with', 'in', 'on', 'the', 'of', 'to', 'for', 'from', 'vs', 'a', 'an'])

export function titleCase(phrase: string): string {
  return phrase
    .split(/[\s-]+/)
    .map((word, i) => {
      const lower = word.toLowerCase()
      if (SPECIAL_CASE[lower]) return SPECIAL_CASE[lower]
      if (i > 0 && SMALL_WORDS.has(lower)) return lower
      return word.charAt(0).toUpperCase() + word.slice(1)
    })
    .join(' ')
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

export function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`
  return `${noun}s`
}

export function thirdPerson(verb: string): string {
  if (IRREGULAR[verb]) return IRREGULAR[verb][0]
  return plural(verb)
}

export function pastParticiple(verb: string): string {
  if (IRREGULAR[verb]) return IRREGULAR[verb][1]
  if (verb.endsWith('e')) return `${verb}d`
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`
  return `${verb}ed`
}

export function gerund(verb: string): string {
  if (IRREGULAR[verb]) return IRREGULAR[verb][2]
  if (verb.endsWith('e') && !verb.endsWith('ee')) return `${verb.slice(0, -1)}ing`
  return `${verb}ing`
}

/** Prefixes "a" or "an"; words like "user" or "unique" sound like a consonant. */
export function article(phrase: string): string {
  const bare = phrase.replace(/^[*_`]+/, '')
  const vowelSound = /^[aeio]/i.test(bare) || /^(SSR|SEO|HTML|HTTP|SPA)\b/.test(bare) || (/^u/i.test(bare) && !/^u(s|ni|ti|ri)/i.test(bare))
  return `${vowelSound ? 'an' : 'a'} ${phrase}`
}

const pascal = (s: string) =>
  s
    .split(/[\s-]+/)
    .map(capitalize)
    .join('')

/** Random word and identifier source bound to one page's PRNG. */
export class Words {
  constructor(readonly rng: Rng) {}

  noun(): string {
    return this.rng.pick(NOUNS)
  }
  nouns(): string {
    return plural(this.noun())
  }
  verb(): string {
    return this.rng.pick(VERBS)
  }
  verbs(): string {
    return thirdPerson(this.verb())
  }
  verbed(): string {
    return pastParticiple(this.verb())
  }
  verbing(): string {
    return gerund(this.verb())
  }
  adj(): string {
    return this.rng.pick(ADJECTIVES)
  }
  adv(): string {
    return this.rng.pick(ADVERBS)
  }
  entity(): string {
    return this.rng.pick(ENTITIES)
  }
  Entity(): string {
    return capitalize(this.entity())
  }
  num(min = 2, max = 12): number {
    return this.rng.int(min, max)
  }
  version(): string {
    return `${this.rng.int(2, 4)}.${this.rng.int(0, 12)}`
  }

  /** A noun for running prose: occasionally bold or italic, like real docs. */
  n(): string {
    return this.emphasize(this.noun())
  }
  ns(): string {
    return this.emphasize(this.nouns())
  }

  emphasize(text: string): string {
    const r = this.rng.float()
    if (r < 0.04) return `**${text}**`
    if (r < 0.07) return `_${text}_`
    return text
  }

  /** A composable name; half are built-in APIs, half are app-specific ones. */
  composableName(): string {
    if (this.rng.chance(0.5)) return this.rng.pick(FJORD_APIS)
    return `use${this.Entity()}${this.rng.pick(ENTITY_SUFFIXES)}`
  }

  /** Inline-code identifier such as `useOrderList()` or `definePageMeta()`. */
  code(): string {
    return `\`${this.composableName()}()\``
  }
  option(): string {
    return `\`${this.rng.pick(CONFIG_OPTIONS)}\``
  }
  pkg(): string {
    return `\`${this.rng.pick(PACKAGES)}\``
  }
  cmd(): string {
    return `\`${this.rng.pick(CLI_COMMANDS)}\``
  }
  file(): string {
    return `\`${this.filePath()}\``
  }

  filePath(): string {
    const e = this.entity()
    return this.rng.pick([
      'fjord.config.ts',
      'app.vue',
      'app.config.ts',
      'pages/index.vue',
      `pages/${plural(e)}/[id].vue`,
      'layouts/default.vue',
      `server/api/${plural(e)}.get.ts`,
      `server/api/${plural(e)}/[id].ts`,
      'server/middleware/auth.ts',
      `middleware/${e}-guard.ts`,
      `plugins/${e}.client.ts`,
      `composables/use${pascal(e)}.ts`,
      `components/${pascal(e)}Card.vue`,
      '.env',
      'tsconfig.json',
      'package.json',
      `content/${plural(e)}/index.md`,
      `utils/format-${e}.ts`,
    ])
  }
}
