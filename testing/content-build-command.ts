import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/**
 * The Node arguments `npm run build:content` starts the content build with (read from
 * package.json, whose script is `node <flags> content-build/workers/run-ts.mjs content-build/index.ts`), so that the
 * benches time the build a user runs, with the V8 flags it is given (docs/tuning.md says
 * why each stays).
 */
export function contentBuildArgs(): string[] {
  const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  const [node, ...args] = (pkg.scripts['build:content'] ?? '').split(/\s+/).filter(Boolean)
  if (node !== 'node' || !args.includes('content-build/index.ts'))
    throw new Error(`package.json's build:content should be "node <flags> content-build/workers/run-ts.mjs content-build/index.ts", not "${pkg.scripts['build:content']}"`)
  return args
}
