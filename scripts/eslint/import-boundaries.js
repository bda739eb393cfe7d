// @ts-check
import { dirname, relative, resolve, sep } from 'node:path'

/**
 * The project's rooms and the direction of their imports, as one ESLint rule
 * (docs/architecture.md draws the same picture):
 *
 *   src/app (and the entries main.tsx, prerender.tsx, sw.ts) -> src/features -> src/components, src/lib, src/config -> src/contract
 *   content-build/ -> src/contract        server/ -> src/contract, content-build/runtime.ts
 *   scripts/, e2e/, testing/ -> anything they measure or drive
 *
 * In src/:
 * - components, lib and config are shared: they import neither app/ nor a feature;
 * - a feature never imports app/, and features never import each other: what two
 *   features share moves down to components or lib, or the app composes it;
 * - the app imports a feature through its index.ts, and its route components through
 *   its pages.ts from the lazily loaded route modules (src/app/routes) only: a page
 *   exported from index.ts, which the main bundle imports for hooks and queries, would
 *   be bundled into the main bundle;
 * - src/contract is what the app, the build and the server share (schemas, paths,
 *   limits, output shapes): it imports nothing else of src/, no React and no Node API;
 * - nothing in src/ imports the Node side. Tests and MSW mocks (src/mocks) may, because
 *   they build fixture sites with the real content build and server.
 * On the Node side:
 * - content-build/ and server/ import from src/ only src/contract;
 * - content-build/ never imports server/ or scripts/: vite.config.ts composes the dev
 *   plugin with the server's handlers;
 * - server/ imports the build only through content-build/runtime.ts (its tests may build
 *   a fixture site through testing/);
 * - no runtime code (src/, content-build/, server/) imports testing/, e2e/ or scripts/,
 *   and scripts/ (developer commands, benchmarks) does not import e2e/: what tests and
 *   benchmarks share lives in testing/.
 *
 * Relative specifiers and the app's `@/` alias (src/) are checked, and bare ones for the
 * contract's platform rule. The alias is the browser app's only: code that Node loads
 * (src/contract, the build, the server, the tools) imports with relative paths.
 */

const SHARED = new Set(['components', 'lib', 'config'])
/** `@/x` is `src/x` in the browser app (vite.config.ts, vitest and tsconfig.json resolve it). */
const ALIAS = '@/'
const NODE_ROOMS = new Set(['server', 'content-build'])
const TOOL_ROOMS = new Set(['scripts', 'e2e', 'testing'])
/** Packages the contract must not use: it runs in the browser, a worker and Node alike. */
const PLATFORM = /^(node:|react($|\/|-dom)|zustand($|\/)|@tanstack\/)/
const NODE_BUILTINS = new Set(['fs', 'path', 'os', 'url', 'crypto', 'http', 'https', 'worker_threads', 'child_process', 'zlib', 'stream', 'util', 'events', 'module', 'net', 'tls'])

/**
 * Where a project-relative path sits.
 * @param {string} path
 * @returns {{ layer: 'app' | 'feature' | 'shared' | 'contract' | 'server' | 'content-build' | 'scripts' | 'e2e' | 'testing' | 'other', feature?: string, rest?: string }}
 */
function locate(path) {
  const parts = path.split('/')
  const top = parts[0] ?? ''
  if (NODE_ROOMS.has(top) || TOOL_ROOMS.has(top)) return { layer: /** @type {'server'} */ (top), rest: parts.slice(1).join('/') }
  if (top !== 'src') return { layer: 'other' }
  if (parts[1] === 'app' || parts[1] === 'main.tsx' || parts[1] === 'prerender.tsx' || parts[1] === 'sw.ts') return { layer: 'app' }
  if (parts[1] === 'features' && parts[2]) return { layer: 'feature', feature: parts[2], rest: parts.slice(3).join('/') }
  if (parts[1] === 'contract') return { layer: 'contract' }
  if (parts[1] && SHARED.has(parts[1])) return { layer: 'shared' }
  return { layer: 'other' }
}

/** @param {string | undefined} rest */
const isIndex = (rest) => rest === '' || rest === 'index' || rest === 'index.ts'
/** @param {string | undefined} rest */
const isPages = (rest) => rest === 'pages' || rest === 'pages.ts'
/** @param {string | undefined} rest */
const isRuntimeEntry = (rest) => rest === 'runtime' || rest === 'runtime.ts'
/** @param {string} layer */
const inSrc = (layer) => layer === 'app' || layer === 'feature' || layer === 'shared' || layer === 'contract'

/** @param {string} path */
const isTestCode = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('src/mocks/') || path === 'src/test-setup.ts' || path === 'src/app/test-router.tsx'

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Keep each room's imports pointing one way: the app's layers, the contract, the build, the server and the tools" },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      node: "{{from}} imports '{{spec}}': code in src/ must not import server/, content-build/ or the tools (they run in Node). Put what both sides need in src/contract.",
      contractUp:
        "{{from}} imports '{{spec}}': src/contract is shared by the app, the build and the server, so it imports nothing else of src/. Move what it needs into src/contract.",
      contractPlatform: "{{from}} imports '{{spec}}': src/contract runs in the browser and in Node alike, so it uses no React, browser state library or Node API.",
      nodeSrc: "{{from}} imports '{{spec}}': the build and the server import from src/ only src/contract. Move what both sides need there.",
      buildUp:
        "{{from}} imports '{{spec}}': the content build never imports server/ or scripts/. Take it as an argument (vite.config.ts composes the dev plugin with the server) or move it into content-build/.",
      serverBuild: "{{from}} imports '{{spec}}': the server imports the content build only through content-build/runtime.ts. Export it there if the server needs it at run time.",
      runtimeTools: "{{from}} imports '{{spec}}': runtime code must not import testing/, e2e/ or scripts/. Those drive the runtime, not the other way round.",
      aliasOutsideApp:
        "{{from}} imports '{{spec}}': the '@/' alias is the browser app's (Vite resolves it); src/contract, the build, the server and the tools run in Node too, so they import with relative paths.",
      scriptsE2e: "{{from}} imports '{{spec}}': scripts/ must not import e2e/. Put what tests and benchmarks share in testing/.",
      sharedUp:
        "{{from}} imports '{{spec}}': components, lib and config are shared code and must not import from app/ or features/. Pass it in as a prop or argument, or move it down.",
      featureApp: "{{from}} imports '{{spec}}': a feature must not import from app/. The app wires features together, not the other way round.",
      featureFeature:
        "{{from}} imports '{{spec}}', from features/{{target}}: features never import each other. Move what both need down to src/components or src/lib, or compose it in src/app (pass it in as a prop or slot).",
      appInternals: "{{from}} imports '{{spec}}', inside features/{{target}}: the app imports a feature through its index.ts, and its route components through its pages.ts.",
      appPages: "{{from}} imports '{{spec}}': a feature's pages.ts is for the lazily loaded route modules in src/app/routes only, so its pages stay out of the main bundle.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {}
    const root = resolve(options.root ?? context.cwd)
    const file = relative(root, context.filename).split(sep).join('/')
    const from = locate(file)
    if (from.layer === 'other') return {}
    const test = isTestCode(file)

    /** @param {import('estree').Node & { source?: unknown }} node */
    const check = (node) => {
      const source = /** @type {{ type?: string, value?: unknown } | null | undefined} */ (node.source)
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const spec = source.value
      const report = (/** @type {string} */ messageId, extra = {}) =>
        context.report({ node: /** @type {import('estree').Node} */ (source), messageId, data: { from: file, spec, ...extra } })
      const aliased = spec.startsWith(ALIAS)
      if (aliased && (!inSrc(from.layer) || from.layer === 'contract')) report('aliasOutsideApp')
      if (!spec.startsWith('.') && !aliased) {
        if (from.layer === 'contract' && !test && (PLATFORM.test(spec) || NODE_BUILTINS.has(spec.split('/')[0] ?? ''))) report('contractPlatform')
        return
      }
      const target = aliased
        ? `src/${spec.slice(ALIAS.length)}`
        : relative(root, resolve(dirname(context.filename), spec))
            .split(sep)
            .join('/')
      const to = locate(target)
      const toTools = to.layer === 'scripts' || to.layer === 'e2e' || to.layer === 'testing'
      if (inSrc(from.layer)) {
        if (NODE_ROOMS.has(to.layer) || toTools) {
          if (!test) report('node')
        } else if (from.layer === 'contract' && inSrc(to.layer) && to.layer !== 'contract') {
          if (!test) report('contractUp')
        } else if (from.layer === 'shared' && (to.layer === 'app' || to.layer === 'feature')) {
          if (!test) report('sharedUp')
        } else if (from.layer === 'feature' && to.layer === 'app') {
          if (!test) report('featureApp')
        } else if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature) {
          report('featureFeature', { target: to.feature })
        } else if (from.layer === 'app' && to.layer === 'feature' && !test) {
          if (isPages(to.rest)) {
            if (!file.startsWith('src/app/routes/')) report('appPages')
          } else if (!isIndex(to.rest)) report('appInternals', { target: to.feature })
        }
        return
      }
      if (NODE_ROOMS.has(from.layer)) {
        if (inSrc(to.layer) && to.layer !== 'contract') report('nodeSrc')
        else if (from.layer === 'content-build' && (to.layer === 'server' || to.layer === 'scripts')) report('buildUp')
        else if (from.layer === 'server' && to.layer === 'content-build' && !test && !isRuntimeEntry(to.rest)) report('serverBuild')
        else if (toTools && !(test && to.layer === 'testing')) report('runtimeTools')
        return
      }
      if (from.layer === 'scripts' && to.layer === 'e2e') report('scriptsE2e')
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export default { meta: { name: 'fjord' }, rules: { 'import-boundaries': rule } }
