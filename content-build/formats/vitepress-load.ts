import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { dirname, extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import type { Plugin } from 'esbuild'

/**
 * A stand-in for any package: whatever is read from it, called or constructed is the
 * same inert value, so a plugin set up at the top of a config (`groupIconVitePlugin({…})`)
 * does nothing instead of failing. It is CommonJS, and its prototype answers every name
 * too: esbuild reads named imports of a CommonJS module as properties of a copy whose
 * prototype is the module's, so an import of any name finds something, whatever the
 * package's real exports are. (An ES module stand-in would have to list every name a
 * config might import, and esbuild fails the whole bundle on the first it does not.)
 * `then` stays undefined so an awaited stand-in is not taken for a promise.
 */
const STAND_IN = `
const answer = (key, own) => key === 'then' || key === '__esModule' ? undefined : key === Symbol.toPrimitive ? () => '' : own(key)
const standIn = (own) => {
  const names = new Proxy(Object.create(null), { get: (_, key) => answer(key, own) })
  return new Proxy(function () {}, { get: (_, key) => answer(key, own), apply: () => inert, construct: () => inert, getPrototypeOf: () => names })
}
const inert = standIn(() => inert)
`

/** `vitepress` itself: its `define…` helpers return the config they are given, as VitePress' own do. */
const VITEPRESS = `${STAND_IN}
module.exports = standIn((key) => typeof key === 'string' && key.startsWith('define') ? (config) => config : inert)`

const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/

export interface LoadedModule {
  /** The module's default export (called with VitePress' build environment when it is a function). */
  value: unknown
  /** Packages stood in for, by the name they were imported under. */
  standIns: string[]
}

/**
 * Loads a VitePress config file as VitePress would, without its packages: bundled with
 * esbuild, its own files (TypeScript, JavaScript, JSON, import attributes included) and
 * Node's modules as they are, every package replaced by a stand-in. `import.meta`'s
 * url, dirname and filename keep naming each file where it lies, since the bundle
 * itself is written elsewhere (the tree may be read-only).
 */
export async function loadConfigModule(file: string, cacheDir: string): Promise<LoadedModule> {
  const standIns = new Set<string>()
  // Loaded here: only a VitePress tree needs it (and it refuses to load in jsdom, where component tests build content).
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [standInPlugin(standIns, file), fileLocationPlugin],
  })
  await mkdir(cacheDir, { recursive: true })
  const out = resolve(cacheDir, `vitepress-config-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`)
  try {
    await writeFile(out, result.outputFiles[0]?.text ?? '')
    const loaded: unknown = (await import(pathToFileURL(out).href)).default
    const value: unknown = typeof loaded === 'function' ? await loaded({ command: 'build', mode: 'production' }) : await loaded
    return { value, standIns: [...standIns].sort() }
  } finally {
    await rm(out, { force: true })
  }
}

function standInPlugin(standIns: Set<string>, entry: string): Plugin {
  return {
    name: 'vitepress-config-stand-ins',
    setup(build) {
      const builtins = new Set(builtinModules)
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.replace(/^node:/, '')
        if (builtins.has(name) || builtins.has(name.split('/')[0] ?? '')) return { path: args.path, external: true }
        const isPackageJson = /\/package\.json$/.test(args.path)
        // `vitepress` is left off the list: the helpers configs import from it do what VitePress' do.
        if (args.path !== 'vitepress') standIns.add(isPackageJson ? args.path : packageName(args.path))
        return { path: args.path, namespace: isPackageJson ? 'package-json' : 'stand-in' }
      })
      build.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => ({ contents: args.path === 'vitepress' ? VITEPRESS : `${STAND_IN}\nmodule.exports = inert`, loader: 'js' }))
      // A package's package.json is read for its version (`import { version } from 'vitepress/package.json'`).
      build.onLoad({ filter: /.*/, namespace: 'package-json' }, (args) => {
        const name = args.path.slice(0, -'/package.json'.length)
        return { contents: JSON.stringify({ name, version: declaredVersion(name, dirname(entry)) }), loader: 'json' }
      })
    },
  }
}

/** Each of the config's own files knows where it lies (see `loadConfigModule`). */
const fileLocationPlugin: Plugin = {
  name: 'vitepress-config-file-location',
  setup(build) {
    build.onLoad({ filter: CODE }, async (args) => {
      if (args.namespace !== 'file') return undefined
      const ext = extname(args.path).slice(1)
      const loader = ext === 'tsx' || ext === 'jsx' ? ext : /ts$/.test(ext) ? 'ts' : 'js'
      const values: Record<string, string> = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path }
      const text = await readFile(args.path, 'utf8')
      return { contents: text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key: string) => JSON.stringify(values[key])), loader }
    })
  },
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}

/**
 * The version of a package the tree declares (the nearest package.json above the
 * config that names it with a plain version or range: `^1.6.3` gives `1.6.3`), else
 * `0.0.0`: the package itself is not installed here.
 */
function declaredVersion(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      try {
        const json: unknown = JSON.parse(readFileSync(manifest, 'utf8'))
        const spec = ['dependencies', 'devDependencies', 'peerDependencies'].map((field) => dependency(json, field, name)).find(Boolean)
        const version = spec && /\d+\.\d+\.\d+(?:-[\w.]+)?/.exec(spec)?.[0]
        if (version) return version
      } catch {
        // An unreadable package.json says nothing about versions.
      }
    }
    if (dirname(dir) === dir) return '0.0.0'
  }
}

function dependency(json: unknown, field: string, name: string): string | undefined {
  const deps = typeof json === 'object' && json !== null ? Reflect.get(json, field) : undefined
  const spec: unknown = typeof deps === 'object' && deps !== null ? Reflect.get(deps, name) : undefined
  return typeof spec === 'string' ? spec : undefined
}
