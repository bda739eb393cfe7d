import { createRequire } from 'node:module'

import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)

/**
 * Packages whose `browser` build needs a DOM (decode-named-character-reference decodes
 * entities through a detached element): a Web Worker has none, so worker bundles take
 * their plain build, the one Node resolves, which works anywhere.
 */
const DOM_ONLY_IN_BROWSER = ['decode-named-character-reference']

export function workerBuilds(): Plugin {
  const plain = new Map(DOM_ONLY_IN_BROWSER.map((name) => [name, require.resolve(name)]))
  return {
    name: 'fjord-worker-builds',
    enforce: 'pre',
    resolveId(id) {
      return plain.get(id)
    },
  }
}
