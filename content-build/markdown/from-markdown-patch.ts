import { createRequire } from 'node:module'
import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

import type { Plugin } from 'esbuild'

/**
 * One change to mdast-util-from-markdown (the step of remark-parse that turns
 * micromark's events into the tree), made where the build workers are bundled
 * (`patchedFromMarkdown`, an esbuild plugin that typescript-worker.ts uses).
 *
 * Its compile loop calls each event's handler with a new object as `this`:
 * `{ ...context, sliceSerialize }`, one object spread per handled event, hundreds of
 * thousands a page. The handlers (the package's own, GFM's and remark-mdc's) use `this`
 * only during the call: they read `stack`, `data`, `config`, call `enter`, `exit`,
 * `buffer`, `resume` and `sliceSerialize`, and keep no reference to it and set nothing
 * on it. So one object, made once per document with `sliceSerialize` set before each
 * call, is the same to them. Parsing the 1,000-page bench corpus in one thread took
 * 1.7–2.1 s instead of 2.4–2.8 s, and a cold content build of it 5.65 s instead of
 * 6.33 s (median of six alternating runs, 9.1 s of CPU instead of 10.2 s), with the
 * same output byte for byte.
 *
 * Returns undefined when the installed version's loop is not the one this was written
 * for; the workers then load the package as published. A test fails in that case, so an
 * upgrade that changes the loop is noticed, and another checks that workers and this
 * thread (which loads the package as published) build the same rows.
 */
export function patchFromMarkdown(source: string): string | undefined {
  const spreads = source.match(SPREAD)?.length ?? 0
  const anchors = source.split(ANCHOR).length - 1
  if (spreads !== 3 || anchors !== 1) return undefined
  return source.replace(ANCHOR, `const handlerContext = { ...context, sliceSerialize: undefined };\n    ${ANCHOR}`).replace(SPREAD, SHARED)
}

/**
 * Bundles mdast-util-from-markdown into a worker with `patchFromMarkdown` applied. Left
 * as an import of the package as published when the patch does not apply to the
 * installed version.
 */
export const patchedFromMarkdown: Plugin = {
  name: 'patched-mdast-util-from-markdown',
  setup(build) {
    build.onResolve({ filter: /^mdast-util-from-markdown$/ }, async () => {
      const lib = fromMarkdownModule()
      const patched = patchFromMarkdown(await readFile(lib, 'utf8'))
      return patched === undefined ? undefined : { path: lib, namespace: 'patched', pluginData: patched }
    })
    build.onLoad({ filter: /.*/, namespace: 'patched' }, (args) => ({ contents: String(args.pluginData), resolveDir: dirname(args.path), loader: 'js' }))
  },
}

/**
 * The installed package's compiler as Node loads it by default (`lib/`, not the
 * `development` condition's `dev/lib/`, which test runners pick).
 */
export function fromMarkdownModule(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('mdast-util-from-markdown'))
  while (basename(dir) !== 'mdast-util-from-markdown' && dirname(dir) !== dir) dir = dirname(dir)
  return join(dir, 'lib', 'index.js')
}

/** The objects made for each event (before-enter listeners, the handler, after-exit listeners). */
const SPREAD = /\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g
const SHARED = '(handlerContext.sliceSerialize = events[index][2].sliceSerialize, handlerContext)'
/** The statement after `context` is made, in `compile`. */
const ANCHOR = 'const listStack = [];'
