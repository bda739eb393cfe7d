// `node scripts/vite.mjs [vite arguments]`: Vite's own CLI, as `npm run dev` and
// `npm run build` run it, started with VITE_CONFIG_NATIVE_IGNORE_WARNING set.
//
// Without it every start printed ~170 lines, one per extensionless import in what
// vite.config.ts imports (the dev plugin brings in the server and the content build),
// ahead of a `configLoader: 'native'` that Vite plans to make its default in a future
// major. Nothing there to act on: the project supports Node 20, which cannot load a
// TypeScript config natively, and `--configLoader runner` closes its module runner once
// the config is loaded, so the content build's dynamic imports then fail in dev.
//
// The variable cannot be set in vite.config.ts: Vite reads it while it bundles the
// config, before any line of the config runs. `VAR=value vite` in package.json fails
// on Windows, so it is set here.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'
const vite = dirname(createRequire(import.meta.url).resolve('vite/package.json'))
await import(pathToFileURL(join(vite, 'bin', 'vite.js')).href)
