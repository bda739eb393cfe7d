// `node [flags] content-build/workers/run-ts.mjs <entry.ts> [arguments]` runs a TypeScript entry as
// one bundled ES module (bundle-module.mjs), as the content build's workers run. With
// `--import tsx`, each of the hundreds of modules the content build's main thread
// imports went through the loader's hooks thread: about 0.15–0.35 s of a cold
// 1,000-page build, spent before its workers could start. The entry sees the
// arguments after its own path, as when Node runs it. Where the entry cannot be
// bundled (esbuild missing, or a syntax error, which tsx then reports), it runs through
// tsx's loader as before.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { bundleModule } from './bundle-module.mjs'

const [, , path, ...rest] = process.argv
if (!path) {
  process.stderr.write('usage: node content-build/workers/run-ts.mjs <entry.ts> [arguments]\n')
  process.exit(2)
}
const file = resolve(path)
const entry = pathToFileURL(file)
process.argv = [process.argv[0] ?? process.execPath, file, ...rest]
const bundled = await bundleModule(entry).catch(() => undefined)
if (bundled) await import(bundled.href)
else {
  const { register } = await import('tsx/esm/api')
  register()
  await import(entry.href)
}
