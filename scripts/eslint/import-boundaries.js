// @ts-check
import { dirname, relative, resolve, sep } from 'node:path'

/**
 * The import direction of ../shared/ARCHITECTURE.md, as one ESLint rule:
 *
 *   src/app (and the entries main.tsx, prerender.tsx) -> src/features -> src/components, src/lib, src/config
 *
 * - components, lib and config are shared: they import neither app/ nor a feature;
 * - a feature never imports app/, and imports another feature only through that
 *   feature's index.ts (`../blog`, never `../blog/components/card`);
 * - the app imports a feature through its index.ts, and its route components through
 *   its pages.ts from the lazily loaded route modules (src/app/routes) only: a page
 *   exported from index.ts, which the main bundle imports for hooks and queries, would
 *   be bundled into the main bundle;
 * - nothing in src/ imports server/ or content-build/: they run in Node, and what both
 *   sides need lives in src/lib or src/config. Tests and MSW mocks (src/mocks) may,
 *   because they build fixture sites with the real content build and server.
 *
 * Only relative specifiers are checked: the project has no path aliases.
 */

const SHARED = new Set(['components', 'lib', 'config'])

/**
 * Where a project-relative path sits.
 * @param {string} path
 * @returns {{ layer: 'app' | 'feature' | 'shared' | 'node' | 'other', feature?: string, rest?: string }}
 */
function locate(path) {
  const parts = path.split('/')
  if (parts[0] === 'server' || parts[0] === 'content-build') return { layer: 'node' }
  if (parts[0] !== 'src') return { layer: 'other' }
  if (parts[1] === 'app' || parts[1] === 'main.tsx' || parts[1] === 'prerender.tsx') return { layer: 'app' }
  if (parts[1] === 'features' && parts[2]) return { layer: 'feature', feature: parts[2], rest: parts.slice(3).join('/') }
  if (parts[1] && SHARED.has(parts[1])) return { layer: 'shared' }
  return { layer: 'other' }
}

/** @param {string | undefined} rest */
const isIndex = (rest) => rest === '' || rest === 'index' || rest === 'index.ts'
/** @param {string | undefined} rest */
const isPages = (rest) => rest === 'pages' || rest === 'pages.ts'

/** @param {string} path */
const isTestCode = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('src/mocks/') || path === 'src/test-setup.ts' || path === 'src/app/test-router.tsx'

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing app -> features -> components/lib/config, features apart, and src/ away from Node code' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      node: "{{from}} imports '{{spec}}': code in src/ must not import server/ or content-build/ (they run in Node). Put what both need in src/lib or src/config.",
      sharedUp:
        "{{from}} imports '{{spec}}': components, lib and config are shared code and must not import from app/ or features/. Pass it in as a prop or argument, or move it down.",
      featureApp: "{{from}} imports '{{spec}}': a feature must not import from app/. The app wires features together, not the other way round.",
      featureInternals:
        "{{from}} imports '{{spec}}', inside features/{{target}}: import another feature only through its index.ts ('…/features/{{target}}'), and export what you need from there.",
      appInternals: "{{from}} imports '{{spec}}', inside features/{{target}}: the app imports a feature through its index.ts, and its route components through its pages.ts.",
      appPages: "{{from}} imports '{{spec}}': a feature's pages.ts is for the lazily loaded route modules in src/app/routes only, so its pages stay out of the main bundle.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {}
    const root = resolve(options.root ?? context.cwd)
    const file = relative(root, context.filename).split(sep).join('/')
    const from = locate(file)
    if (from.layer === 'other' || from.layer === 'node') return {}
    const test = isTestCode(file)

    /** @param {import('estree').Node & { source?: unknown }} node */
    const check = (node) => {
      const source = /** @type {{ type?: string, value?: unknown } | null | undefined} */ (node.source)
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return
      const spec = source.value
      const target = relative(root, resolve(dirname(context.filename), spec))
        .split(sep)
        .join('/')
      const to = locate(target)
      const report = (/** @type {string} */ messageId, extra = {}) =>
        context.report({ node: /** @type {import('estree').Node} */ (source), messageId, data: { from: file, spec, ...extra } })
      if (to.layer === 'node') {
        if (!test) report('node')
      } else if (from.layer === 'shared' && (to.layer === 'app' || to.layer === 'feature')) {
        if (!test) report('sharedUp')
      } else if (from.layer === 'feature' && to.layer === 'app') {
        if (!test) report('featureApp')
      } else if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature && !isIndex(to.rest)) {
        report('featureInternals', { target: to.feature })
      } else if (from.layer === 'app' && to.layer === 'feature' && !test) {
        if (isPages(to.rest)) {
          if (!file.startsWith('src/app/routes/')) report('appPages')
        } else if (!isIndex(to.rest)) report('appInternals', { target: to.feature })
      }
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
