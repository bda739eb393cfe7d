// Fenced code blocks (ts, vue, bash, json, yaml) and `::code-group` blocks.
// Each generator picks an entity ("order", "invoice", ...) and a random subset
// of statements or keys, so blocks look plausible but rarely repeat exactly.
import { capitalize, plural, type Words } from './words'

type Lang = 'ts' | 'vue' | 'bash' | 'json' | 'yaml'
type Gen = (w: Words, e: string) => { file: string; lines: string[] }

const q = (s: string) => `'${s}'`

// Config keys and generators for their literal values in `fjord.config.ts`.
const CONFIG: Record<string, [string, (w: Words) => string][]> = {
  router: [
    ['trailingSlash', bool],
    ['prefetch', oneOf('visible', 'interaction', 'none')],
    ['strict', bool],
    ['hashMode', bool],
  ],
  cache: [
    ['maxAge', (w) => String(w.num(60, 86400))],
    ['driver', oneOf('memory', 'redis', 'fs', 'cloudflare-kv')],
    ['swr', bool],
    ['varies', () => `['accept-language']`],
  ],
  build: [
    ['sourcemap', bool],
    ['analyze', bool],
    ['target', oneOf('es2022', 'esnext')],
    ['transpile', (w) => `[${q(`@acme/${w.entity()}-kit`)}]`],
  ],
  server: [
    ['port', (w) => String(w.num(3000, 8080))],
    ['preset', oneOf('node', 'vercel', 'cloudflare', 'netlify', 'static')],
    ['compressPublicAssets', bool],
    ['timing', bool],
  ],
  experimental: [
    ['islands', bool],
    ['viewTransition', bool],
    ['payloadExtraction', bool],
    ['typedPages', bool],
    ['asyncContext', bool],
  ],
  image: [
    ['formats', () => `['avif', 'webp']`],
    ['quality', (w) => String(w.num(50, 95))],
    ['provider', oneOf('ipx', 'cloudinary', 'vercel')],
  ],
  i18n: [
    ['defaultLocale', oneOf('en', 'fr', 'de', 'nb')],
    ['strategy', oneOf('prefix', 'prefix_except_default', 'no_prefix')],
    ['locales', () => `['en', 'nb', 'de']`],
  ],
  devtools: [
    ['enabled', bool],
    ['timeline', bool],
    ['componentInspector', bool],
  ],
  app: [
    ['baseURL', oneOf('/', '/docs/', '/app/')],
    ['rootId', oneOf('__fjord', 'app')],
    ['keepalive', bool],
  ],
  typescript: [
    ['strict', bool],
    ['typeCheck', oneOf('build', 'dev', 'false')],
    ['shim', bool],
  ],
}
function bool(w: Words): string {
  return w.rng.pick(['true', 'false'])
}
function oneOf(...values: string[]) {
  return (w: Words) => q(w.rng.pick(values))
}

const configTs: Gen = (w) => {
  const lines = ["import { defineFjordConfig } from 'fjord/config'", '', 'export default defineFjordConfig({']
  if (w.rng.chance(0.4))
    lines.push(`  modules: [${w.rng.sample(['@fjord/image', '@fjord/i18n', '@fjord/content', '@fjord/ui', '@fjord/pwa'], w.rng.int(1, 3)).map(q).join(', ')}],`)
  for (const [key, options] of w.rng.sample(Object.entries(CONFIG), w.rng.int(1, 4))) {
    lines.push(`  ${key}: {`)
    for (const [opt, value] of w.rng.sample(options, w.rng.int(1, 3))) lines.push(`    ${opt}: ${value(w)},`)
    lines.push('  },')
  }
  lines.push('})')
  return { file: 'fjord.config.ts', lines }
}

// Statement templates for composables and handlers; `e` is the entity name.
const STATEMENTS: ((w: Words, e: string, E: string) => string[])[] = [
  (_w, e) => [`const route = useRoute()`, `const ${e}Id = computed(() => String(route.params.id))`],
  (_w, e) => [`const { data: ${plural(e)}, status, refresh } = await useFetch('/api/${plural(e)}', {`, `  query: { page: page.value, limit: 20 },`, `})`],
  (_w, e, E) => [`const ${plural(e)} = useState<${E}[]>('${e}-list', () => [])`],
  (_w, e, E) => [`if (!${e}) {`, `  throw createError({ statusCode: 404, statusMessage: '${E} not found' })`, `}`],
  () => [`watch(() => route.query, () => refresh(), { deep: true })`],
  () => [`const config = useRuntimeConfig()`],
  (_w, e) => [`const total = computed(() => ${plural(e)}.value?.length ?? 0)`],
  (_w, e, E) => [`const cached = await useStorage('cache').getItem<${E}>(\`${e}:\${id}\`)`, `if (cached) return cached`],
  (w) => [`const page = ref(${w.num(1, 3)})`, `const pageSize = ${w.rng.pick([10, 20, 25, 50])}`, `const offset = computed(() => (page.value - 1) * pageSize)`],
  (w, e) => [`const ${e} = await $fetch(\`/api/${plural(e)}/\${id}\`, {`, `  headers: useRequestHeaders(['cookie']),`, `  retry: ${w.num(0, 3)},`, `})`],
  (_w, e) => [`const filtered = ${plural(e)}.filter((item) => item.status !== 'archived')`],
  (_w, e, E) => [`function format${E}(${e}: ${E}) {`, `  return \`\${${e}.title} (\${${e}.id})\``, `}`],
  (_w, e) => [`onMounted(() => {`, `  console.debug('[${e}] mounted with', ${plural(e)}.value.length, 'items')`, `})`],
  (w, e) => [`const { pending, execute } = useAsyncData('${e}-${w.verb()}', () => $fetch('/api/${plural(e)}'), {`, `  immediate: ${bool(w)},`, `  lazy: ${bool(w)},`, `})`],
  (_w, e) => [`const sorted = [...${plural(e)}].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))`],
  (w, e) => [`await useStorage('cache').setItem(\`${e}:\${id}\`, ${e}, { ttl: ${w.num(30, 3600)} })`],
]

function statements(w: Words, e: string, min: number, max: number, indent: string): string[] {
  const out: string[] = []
  for (const s of w.rng.sample(STATEMENTS, w.rng.int(min, max))) out.push(...s(w, e, capitalize(e)).map((l) => indent + l))
  return out
}

const composableTs: Gen = (w, e) => {
  const E = capitalize(e)
  const suffix = w.rng.pick(['List', 'Details', 'Search', 'Store', 'Stats', 'Actions'])
  const lines = [`import type { ${E} } from '~/types/${e}'`, '', `export async function use${E}${suffix}(options: { immediate?: boolean } = {}) {`]
  lines.push(...statements(w, e, 2, 5, '  '), `  return { ${plural(e)}, total, refresh }`, '}')
  return { file: `composables/use${E}${suffix}.ts`, lines }
}

const handlerTs: Gen = (w, e) => {
  const method = w.rng.pick(['get', 'post', 'put', 'delete'])
  const lines = [`export default defineEventHandler(async (event) => {`, `  const id = getRouterParam(event, 'id')`]
  if (method !== 'get') lines.push(`  const body = await readBody<Partial<${capitalize(e)}>>(event)`)
  lines.push(...statements(w, e, 1, 4, '  '), `  return ${method === 'delete' ? '{ ok: true }' : e}`, '})')
  return { file: `server/api/${plural(e)}/[id].${method}.ts`, lines }
}

const FIELDS: [string, string, string][] = [
  ['id', 'string', 'Unique identifier.'],
  ['title', 'string', 'Human-readable title.'],
  ['slug', 'string', 'URL-safe name.'],
  ['createdAt', 'string', 'ISO date of creation.'],
  ['updatedAt', 'string', 'ISO date of the last change.'],
  ['status', "'draft' | 'published' | 'archived'", 'Publication status.'],
  ['ownerId', 'string', 'The owning user.'],
  ['tags', 'string[]', 'Free-form labels.'],
  ['price', 'number', 'Price in cents.'],
  ['quantity', 'number', 'Number of units.'],
  ['metadata', 'Record<string, unknown>', 'Arbitrary extra data.'],
  ['archived', 'boolean', 'Hidden from listings when true.'],
  ['priority', 'number', 'Sort weight, higher first.'],
  ['url', 'string', 'Canonical link.'],
  ['email', 'string', 'Contact address.'],
]

const typesTs: Gen = (w, e) => {
  const E = capitalize(e)
  const lines = [`export interface ${E} {`]
  for (const [name, type, doc] of w.rng.sample(FIELDS, w.rng.int(3, 9))) {
    if (w.rng.chance(0.5)) lines.push(`  /** ${doc} */`)
    lines.push(`  ${name}${w.rng.chance(0.3) ? '?' : ''}: ${type}`)
  }
  lines.push('}')
  if (w.rng.chance(0.5)) lines.push('', `export type ${E}Input = Omit<${E}, 'id' | 'createdAt'>`)
  return { file: `types/${e}.ts`, lines }
}

const middlewareTs: Gen = (w, e) => ({
  file: `middleware/${e}-guard.ts`,
  lines: [
    'export default defineRouteMiddleware(async (to, from) => {',
    `  const session = useCookie('${w.rng.pick(['session', 'auth-token', 'sid'])}')`,
    '  if (!session.value) {',
    `    return navigateTo({ path: '/login', query: { redirect: to.fullPath } })`,
    '  }',
    ...(w.rng.chance(0.6) ? [`  if (to.params.id && from.name === '${plural(e)}') {`, `    await refreshData('${e}-' + to.params.id)`, '  }'] : []),
    '})',
  ],
})

const vueSfc: Gen = (w, e) => {
  const E = capitalize(e)
  const lines = ['<script setup lang="ts">', `const props = defineProps<{ ${e}Id: string }>()`]
  lines.push(...statements(w, e, 1, 3, ''), '</script>', '', '<template>', `  <section class="${e}-panel">`)
  lines.push(`    <h2>{{ ${w.rng.pick([`'${E}s'`, `${plural(e)}.length + ' ${plural(e)}'`])} }}</h2>`)
  if (w.rng.chance(0.6)) {
    lines.push(
      `    <ul v-if="${plural(e)}?.length">`,
      `      <li v-for="item in ${plural(e)}" :key="item.id">`,
      `        <FjordLink :to="\`/${plural(e)}/\${item.id}\`">{{ item.title }}</FjordLink>`,
      '      </li>',
      '    </ul>',
      `    <p v-else>No ${plural(e)} yet.</p>`,
    )
  } else {
    lines.push(
      `    <form @submit.prevent="save">`,
      `      <label for="${e}-title">Title</label>`,
      `      <input id="${e}-title" v-model="draft.title" required>`,
      `      <button type="submit" :disabled="status === 'pending'">Save ${e}</button>`,
      '    </form>',
    )
  }
  lines.push('  </section>', '</template>')
  if (w.rng.chance(0.3)) lines.push('', '<style scoped>', `.${e}-panel {`, `  display: grid;`, `  gap: ${w.num(1, 4)}rem;`, '}', '</style>')
  return { file: `components/${E}Panel.vue`, lines }
}

const bash: Gen = (w, e) => {
  const pm = w.rng.pick(['npm', 'pnpm', 'yarn'])
  const pool = [
    ['# Create a new project', `npx fjord@latest init ${e}-app`, `cd ${e}-app`],
    ['# Install dependencies', `${pm} install`],
    ['# Start the dev server', `${pm} run dev -- --port ${w.num(3000, 5000)}`],
    ['# Build for production', `npx fjord build --preset ${w.rng.pick(['node', 'vercel', 'cloudflare'])}`, 'node .output/server/index.mjs'],
    [`export FJORD_PUBLIC_API_BASE=https://api.example.com/${plural(e)}`, `export FJORD_${e.toUpperCase()}_SECRET=changeme`],
    [`npx fjord add module ${w.rng.pick(['image', 'i18n', 'content', 'pwa', 'fonts'])}`],
    ['# Check types before committing', 'npx fjord typecheck'],
    [`curl -s http://localhost:3000/api/${plural(e)} | jq '.[0]'`],
    ['npx fjord analyze', 'open .fjord/analyze/client.html'],
  ]
  const lines: string[] = []
  for (const group of w.rng.sample(pool, w.rng.int(2, 5))) lines.push(...group)
  return { file: 'Terminal', lines }
}

const json: Gen = (w, e) => {
  if (w.rng.chance(0.5)) {
    const obj = {
      name: `${e}-app`,
      private: true,
      type: 'module',
      scripts: { dev: 'fjord dev', build: 'fjord build', preview: 'fjord preview', ...(w.rng.chance(0.5) ? { test: 'vitest' } : {}) },
      dependencies: Object.fromEntries(
        w.rng.sample(['fjord', '@fjord/image', '@fjord/i18n', '@fjord/ui', '@fjord/content'], w.rng.int(1, 4)).map((p) => [p, `^${w.version()}.${w.num(0, 9)}`]),
      ),
    }
    return { file: 'package.json', lines: JSON.stringify(obj, null, 2).split('\n') }
  }
  const items = Array.from({ length: w.rng.int(1, 3) }, (_, i) =>
    Object.fromEntries(
      w.rng
        .sample(FIELDS, w.rng.int(2, 5))
        .map(([name, type]) => [
          name,
          type === 'number' ? w.num(1, 999) : type === 'boolean' ? w.rng.chance(0.5) : type === 'string[]' ? [w.adj(), w.entity()] : `${e}-${i + 1}-${name}`,
        ]),
    ),
  )
  return { file: `${plural(e)}.json`, lines: JSON.stringify({ data: items, total: items.length * w.num(3, 40), page: 1 }, null, 2).split('\n') }
}

const yaml: Gen = (w, e) => {
  if (w.rng.chance(0.6)) {
    const lines = [
      'name: Deploy',
      'on:',
      '  push:',
      '    branches: [main]',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - uses: actions/setup-node@v4',
      '        with:',
      `          node-version: ${w.rng.pick([18, 20, 22])}`,
      '      - run: npm ci',
    ]
    for (const step of w.rng.sample(
      ['npx fjord typecheck', 'npm test', 'npx fjord build', `npx fjord generate --preset ${w.rng.pick(['static', 'github-pages'])}`],
      w.rng.int(1, 3),
    ))
      lines.push(`      - run: ${step}`)
    return { file: '.github/workflows/deploy.yml', lines }
  }
  const lines = [
    `title: ${capitalize(plural(e))}`,
    `description: ${capitalize(w.adj())} ${plural(e)} for the ${w.entity()} dashboard`,
    'navigation:',
    `  icon: i-lucide-${w.rng.pick(['box', 'folder', 'star', 'list'])}`,
    'seo:',
    `  title: ${capitalize(plural(e))} overview`,
  ]
  if (w.rng.chance(0.5)) lines.push('badges:', ...w.rng.sample(['new', 'beta', 'experimental', 'stable'], 2).map((b) => `  - ${b}`))
  return { file: `content/${plural(e)}/.navigation.yml`, lines }
}

const GENERATORS: Record<Lang, Gen[]> = {
  ts: [configTs, composableTs, handlerTs, typesTs, middlewareTs],
  vue: [vueSfc],
  bash: [bash],
  json: [json],
  yaml: [yaml],
}

export function codeBlock(w: Words): string {
  const lang = w.rng.weighted<Lang>([
    ['ts', 5],
    ['vue', 2],
    ['bash', 2],
    ['json', 1],
    ['yaml', 1],
  ])
  const { file, lines } = w.rng.pick(GENERATORS[lang])(w, w.entity())
  // About half of the blocks show a filename, like ```ts [fjord.config.ts].
  const label = w.rng.chance(0.5) && file !== 'Terminal' ? ` [${file}]` : ''
  return `\`\`\`${lang}${label}\n${lines.join('\n')}\n\`\`\``
}

/** `::code-group` with the same command for two or three package managers. */
export function codeGroup(w: Words): string {
  const pkg = w.rng.pick(['fjord', '@fjord/image', '@fjord/i18n', '@fjord/content', '@fjord/ui', '@fjord/test-utils', '@fjord/pwa'])
  const dev = pkg.includes('test') || w.rng.chance(0.2)
  const install = w.rng.chance(0.7)
  const cmd: Record<string, string> = install
    ? { npm: `npm install ${dev ? '-D ' : ''}${pkg}`, pnpm: `pnpm add ${dev ? '-D ' : ''}${pkg}`, yarn: `yarn add ${dev ? '-D ' : ''}${pkg}` }
    : { npm: 'npx fjord build', pnpm: 'pnpm fjord build', yarn: 'yarn fjord build' }
  const managers = w.rng.chance(0.7) ? ['npm', 'pnpm', 'yarn'] : ['npm', 'pnpm']
  return ['::code-group', ...managers.map((m) => `\`\`\`bash [${m}]\n${cmd[m]}\n\`\`\``), '::'].join('\n')
}
