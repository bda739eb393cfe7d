import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/**
 * The Node arguments `npm run build:content` starts the content build with (read from
 * package.json, whose script is `node <flags> content-build/workers/run-ts.mjs content-build/index.ts`), so that the
 * benches time the build a user runs, flags included. The flags are V8's and measured
 * (README, *Content build*): `--single-threaded-gc` (the two build workers fill both
 * cores, so GC helper threads only took turns with them), `--interrupt-budget=270336`
 * and inlining only the smallest functions (`--max-inlined-bytecode-size=27`,
 * `--max-inlined-bytecode-size-cumulative=80`): the optimising compiler compiled the
 * same parser and highlighter code once per worker on 2.6 s of background CPU, in a
 * six-second build, and small jobs that still inline the one-line character tests
 * measured best.
 */
export function contentBuildArgs(): string[] {
  const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  const [node, ...args] = (pkg.scripts['build:content'] ?? '').split(/\s+/).filter(Boolean)
  if (node !== 'node' || !args.includes('content-build/index.ts'))
    throw new Error(`package.json's build:content should be "node <flags> content-build/workers/run-ts.mjs content-build/index.ts", not "${pkg.scripts['build:content']}"`)
  return args
}
