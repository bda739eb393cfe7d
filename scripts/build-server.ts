import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { build, type Metafile, type Plugin } from 'esbuild'

import { builtWorkerName, SITE_CONFIG_FILE } from '../server/production-files'
import config from '../site.config'

/**
 * `tsx scripts/build-server.ts [--out dist-server]` (the last step of `npm run build`):
 * the production server as plain JavaScript beside the public site, for
 * `node dist-server/index.mjs` (server/production.ts):
 * - `index.mjs`: the server, every project module inlined; packages stay imports,
 *   loaded from the node_modules of `npm ci --omit=dev`;
 * - `worker.mjs`: the query endpoint's worker thread (server/query/worker.ts);
 * - `site-config.json`: the site config as this build validated it;
 * - a source map beside each bundle.
 *
 * Only those files are replaced: dist-server/ holds other outputs of the build
 * (dist-server/private/). The build fails when the server would import a package that
 * is not a production dependency, or would bundle a worker at run time.
 */
const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist-server' } } })
const outDir = resolve(root, values.out)

const workers = [{ entry: join(root, 'server/query/worker.ts') }]

/** The checkout's way to start a TypeScript worker (bundling it with esbuild then) is replaced by the built workers beside the server. */
const builtWorkers: Plugin = {
  name: 'built-workers',
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/typescript-worker(\.ts)?$/ }, () => ({ path: join(root, 'server/production-files.ts') }))
  },
}

const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
const production = new Set(Object.keys(manifest.dependencies ?? {}))
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))
const packageName = (path: string) => (path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : (path.split('/')[0] ?? path))

/** Imports of packages that `npm ci --omit=dev` does not install, and project files that only the checkout's run-time bundling uses. */
function problems(metafile: Metafile): string[] {
  const found: string[] = []
  for (const [file, output] of Object.entries(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || builtins.has(imported.path)) continue
      if (!production.has(packageName(imported.path))) found.push(`${relative(root, file)} imports "${imported.path}", which is not in package.json's dependencies`)
    }
  }
  for (const input of Object.keys(metafile.inputs)) {
    if (input.includes('content-build/workers/')) found.push(`the server bundles ${input}, which bundles TypeScript at run time`)
  }
  return found
}

await mkdir(outDir, { recursive: true })
const result = await build({
  entryPoints: [
    { in: join(root, 'server/production.ts'), out: 'index' },
    ...workers.map(({ entry }) => ({ in: entry, out: builtWorkerName(new URL(`file://${entry}`)).replace(/\.mjs$/, '') })),
  ],
  bundle: true,
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [builtWorkers],
  metafile: true,
  // A crash's stack names the TypeScript files and lines (the maps carry no sources).
  sourcemap: 'linked',
  sourcesContent: false,
  banner: { js: 'process.setSourceMapsEnabled(true);' },
  logLevel: 'warning',
  legalComments: 'none',
})
const found = problems(result.metafile)
if (found.length) {
  console.error(`The production server cannot run from production dependencies alone:\n${found.map((p) => `  - ${p}`).join('\n')}`)
  process.exit(1)
}
// Written whole, then renamed: a server starting now never reads half of it.
const configFile = join(outDir, SITE_CONFIG_FILE)
await writeFile(`${configFile}.tmp`, `${JSON.stringify(config, null, 2)}\n`)
await rename(`${configFile}.tmp`, configFile)
