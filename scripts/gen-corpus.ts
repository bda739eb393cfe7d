// `npm run gen-corpus -- N DIR [--force]`: writes the benchmark corpus (a realistic,
// deterministic docs tree for the fictional "Fjord" framework, testing/corpus/generate.ts)
// of exactly N pages, plus one `.navigation.yml` per folder, into DIR.
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, parse, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { generateCorpus } from '../testing/corpus/generate'

const USAGE = `Usage: npx tsx scripts/gen-corpus.ts N DIR [--force]

  N        number of Markdown pages to generate (positive integer)
  DIR      output directory; must be empty or missing unless --force is given
  --force  empty DIR first if it already has files`

function fail(message: string, showUsage = false): number {
  console.error(`gen-corpus: ${message}`)
  if (showUsage) console.error(`\n${USAGE}`)
  return 1
}

/** Refuses to wipe "/", the home directory, or any directory containing the current one. */
function isDangerousToEmpty(dir: string): boolean {
  const real = realpathSync(dir)
  const cwd = realpathSync(process.cwd())
  const rel = relative(real, cwd)
  return real === parse(real).root || real === homedir() || rel === '' || !rel.startsWith('..')
}

export function main(argv: string[]): number {
  if (argv.includes('-h') || argv.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  const force = argv.includes('--force')
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--force')
  const positional = argv.filter((a) => !a.startsWith('-'))
  if (unknown.length > 0) return fail(`unknown option ${unknown.join(', ')}`, true)
  if (positional.length !== 2) return fail('expected exactly two arguments, N and DIR', true)
  const [nArg = '', dirArg = ''] = positional
  if (!/^\d+$/.test(nArg) || Number(nArg) < 1) return fail(`N must be a positive integer, got "${nArg}"`, true)
  const n = Number(nArg)
  const dir = resolve(dirArg)

  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) return fail(`${dir} exists and is not a directory`)
    const entries = readdirSync(dir)
    if (entries.length > 0) {
      if (!force) return fail(`${dir} is not empty; pass --force to empty it first`)
      if (isDangerousToEmpty(dir)) return fail(`refusing to empty ${dir}: it is /, your home, or contains the current directory`)
      for (const entry of entries) rmSync(join(dir, entry), { recursive: true, force: true })
    }
  }

  const start = performance.now()
  console.error(`gen-corpus: generating ${n} pages...`)
  const files = generateCorpus(n)
  const madeDirs = new Set<string>()
  let pagesWritten = 0
  let bytes = 0
  for (const file of files) {
    const target = join(dir, file.path)
    const parent = dirname(target)
    if (!madeDirs.has(parent)) {
      mkdirSync(parent, { recursive: true })
      madeDirs.add(parent)
    }
    writeFileSync(target, file.content)
    bytes += Buffer.byteLength(file.content)
    if (file.path.endsWith('.md') && ++pagesWritten % 1000 === 0) console.error(`gen-corpus: ${pagesWritten}/${n} pages written`)
  }
  const ms = Math.round(performance.now() - start)
  const folders = files.length - pagesWritten
  console.log(`Wrote ${pagesWritten} pages and ${folders} .navigation.yml files (${(bytes / 1e6).toFixed(1)} MB) to ${dir} in ${ms} ms`)
  return 0
}

// Run the CLI only when executed directly, not when imported by tests or the benchmark.
const invokedPath = process.argv[1] ? resolve(process.argv[1]) : ''
if (invokedPath && existsSync(invokedPath) && realpathSync(invokedPath) === realpathSync(fileURLToPath(import.meta.url))) {
  process.exitCode = main(process.argv.slice(2))
}
