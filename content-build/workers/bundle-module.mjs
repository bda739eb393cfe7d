// Bundles a TypeScript entry and the project's own modules it imports into plain ES
// modules, which Node then loads without a TypeScript loader. Used for the content
// build's worker threads (content-build/workers/typescript-worker.ts) and its main thread
// (content-build/workers/run-ts.mjs). Plain JavaScript, so that Node can run it before any loader.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)
/** Inside the project, so that a bundle's package imports resolve to its node_modules. */
const bundleDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/bundles')
/** Bundles not used for this long are removed (a build running now may still be starting one). */
const STALE_MS = 24 * 60 * 60 * 1000

/**
 * The bundle of `entry` (a file URL) under the project's `.cache/bundles/`: a folder named
 * by its content holding `<entry>.mjs`, and a chunk for each module the code imports
 * dynamically (loaded only when it is). Packages stay imports, which Node resolves and
 * loads itself; the project's modules are inlined, with inline source maps so that a
 * crash's stack names the TypeScript files and lines. Each module keeps its own
 * `import.meta.url`, `dirname` and `filename` (see `ownImportMeta`), so a path made
 * relative to a module still resolves from where that module is.
 *
 * esbuild runs only when a file that went into the last bundle of this entry has
 * changed (each file's hash is recorded beside the bundles): starting it took about
 * 70 ms, on the path of every build.
 *
 * @param {URL} entry
 * @param {{ plugins?: import('esbuild').Plugin[], inputs?: URL[] }} [options] more
 *   esbuild plugins (run after `ownImportMeta`), and the files their output depends on
 *   (their own code): a kept bundle is checked against those too
 * @returns {Promise<URL>}
 */
export async function bundleModule(entry, { plugins = [], inputs = [] } = {}) {
  const source = fileURLToPath(entry)
  const entryName = basename(source, extname(source))
  // A bundle is kept per entry, plugins, esbuild version and version of this file
  // (esbuild itself is loaded only to bundle: about 30 ms).
  const [own, esbuildPackage] = await Promise.all([readFile(fileURLToPath(import.meta.url)), readFile(require.resolve('esbuild/package.json'))])
  const key = digest([source, esbuildPackage, own, ...plugins.map((plugin) => plugin.name)])
  const record = join(bundleDir, `${entryName}-${key.slice(0, 16)}.json`)
  const kept = await keptBundle(record, entryName)
  if (kept) return kept

  const { build } = await import('esbuild')
  const result = await build({
    plugins: [ownImportMeta, ...plugins],
    entryPoints: [source],
    bundle: true,
    splitting: true,
    outdir: bundleDir,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent',
    sourcemap: 'inline',
    banner: { js: 'process.setSourceMapsEnabled(true);' },
  })
  if (!result.outputFiles.some((file) => basename(file.path) === `${entryName}.mjs`)) throw new Error(`esbuild wrote nothing for ${entry.href}`)
  const name = `${entryName}-${digest(result.outputFiles.flatMap((file) => [relative(bundleDir, file.path), file.contents])).slice(0, 16)}`
  const dir = join(bundleDir, name)
  // Named by its content and renamed into place whole: builds running at once share it.
  if (!existsSync(dir)) {
    const temporary = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}`
    await mkdir(temporary, { recursive: true })
    await Promise.all(result.outputFiles.map((file) => writeFile(join(temporary, relative(bundleDir, file.path)), file.contents)))
    await rename(temporary, dir).catch(async (/** @type {unknown} */ error) => {
      await rm(temporary, { recursive: true, force: true })
      if (!existsSync(dir)) throw error
    })
    await removeStale(name, record)
  }
  // Every file the bundle was made from: the project's modules, and what plugins read (`namespace:path`).
  const files = [...new Set([...Object.keys(result.metafile.inputs).map(inputFile), ...inputs.map((url) => fileURLToPath(url))])]
  const hashes = await Promise.all(files.map(async (file) => /** @type {const} */ ([file, await fileHash(file)])))
  await writeAtomically(record, JSON.stringify({ bundle: name, inputs: Object.fromEntries(hashes) }))
  return pathToFileURL(join(dir, `${entryName}.mjs`))
}

/**
 * An esbuild plugin: `import.meta.url`, `import.meta.dirname` and `import.meta.filename`
 * in the project's own modules become the values they have in that module's file. In a
 * bundle they would otherwise be the bundle's, so `new URL('./worker.ts',
 * import.meta.url)` would point into `.cache/bundles/`.
 *
 * @type {import('esbuild').Plugin}
 */
export const ownImportMeta = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined
      const text = await readFile(args.path, 'utf8')
      if (!text.includes('import.meta.')) return undefined
      const values = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path }
      return {
        contents: text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key) => JSON.stringify(values[/** @type {keyof typeof values} */ (key)])),
        // .ts, .mts and .cts → ts; .tsx → tsx; .mjs → js…
        loader: /** @type {'js' | 'jsx' | 'ts' | 'tsx'} */ (extname(args.path).slice(1).replace(/^[cm]/, '')),
      }
    })
  },
}

/**
 * The bundle `record` names, when it is there and every file it was made from is as it
 * was then. A file gone or changed, or an import added (which changes the importing
 * file), means a new bundle.
 *
 * @param {string} record
 * @param {string} entryName
 * @returns {Promise<URL | undefined>}
 */
async function keptBundle(record, entryName) {
  /** @type {unknown} */
  const data = await readFile(record, 'utf8')
    .then((text) => JSON.parse(text))
    .catch(() => undefined)
  if (!isRecord(data)) return undefined
  const dir = join(bundleDir, data.bundle)
  const file = join(dir, `${entryName}.mjs`)
  if (!existsSync(file)) return undefined
  const current = await Promise.all(Object.entries(data.inputs).map(async ([input, hash]) => (await fileHash(input).catch(() => undefined)) === hash))
  if (!current.every(Boolean)) return undefined
  // In use: not stale (see removeStale).
  const now = new Date()
  await Promise.all([utimes(dir, now, now), utimes(record, now, now)]).catch(() => {})
  return pathToFileURL(file)
}

/**
 * @param {unknown} data
 * @returns {data is { bundle: string, inputs: Record<string, string> }}
 */
function isRecord(data) {
  if (typeof data !== 'object' || data === null) return false
  const { bundle, inputs } = /** @type {{ bundle?: unknown, inputs?: unknown }} */ (data)
  return typeof bundle === 'string' && /^[\w.-]+$/.test(bundle) && typeof inputs === 'object' && inputs !== null && Object.values(inputs).every((hash) => typeof hash === 'string')
}

/**
 * A metafile input as a path: project files are relative to the working folder, and
 * files a plugin loaded in its own namespace are `namespace:path`.
 *
 * @param {string} input
 */
function inputFile(input) {
  const namespaced = /^[a-z][\w-]+:(.+)$/i.exec(input)
  return resolve(namespaced && isAbsolute(namespaced[1] ?? '') ? (namespaced[1] ?? input) : input)
}

/** @param {string} file */
async function fileHash(file) {
  return digest([await readFile(file)])
}

/** @param {Array<string | Uint8Array>} parts */
function digest(parts) {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return hash.digest('hex')
}

/**
 * @param {string} file
 * @param {string} text
 */
async function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
  await writeFile(temporary, text)
  await rename(temporary, file)
}

/**
 * Removes bundles and records not used for `STALE_MS`, but `keep` and `record`.
 *
 * @param {string} keep
 * @param {string} record
 */
async function removeStale(keep, record) {
  const now = Date.now()
  for (const name of await readdir(bundleDir)) {
    const file = join(bundleDir, name)
    if (name === keep || file === record) continue
    const info = await stat(file).catch(() => undefined)
    if (info && now - info.mtimeMs > STALE_MS) await rm(file, { recursive: true, force: true })
  }
}
