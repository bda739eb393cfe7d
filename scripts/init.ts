import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { starterOptions, UsageError } from './init-starter/options.ts'
import { assertCommitted, initStarter } from './init-starter/run.ts'

const usage = `npm run init -- --name Acme --repo acme/acme [options]

Turns this checkout into a minimal starter for your own site: deletes the demo's
content/ and its pictures in public/, writes one example per section kept, and rewrites
site.config.ts with your brand (docs/starting.md).

  --name NAME            the brand name (required)
  --repo OWNER/NAME      the framework's GitHub repository (required)
  --tagline TEXT         the home page's title and the brand's tagline
  --description TEXT     the site's description
  --url URL              the site's address (default https://<name>.example.com)
  --npm PACKAGE          the framework's npm package (default: the name in lower case)
  --docs-version X.Y.Z   the one docs version's tag (default 1.0.0: content/docs/1.x)
  --primary #RRGGBB      the brand colour
  --sections a,b,…       the sections to keep; the others are switched off
  --without a,b,…        the sections to leave out; the others are kept
  --dry-run              print what would be deleted and written, and change nothing
  --force                run on a checkout with uncommitted changes (they may be lost)
  --root DIR             the project to change (default: this checkout)

Sections: blog, modules, deploy, templates, showcase, videoCourses, enterprise (or one
page: enterprise.overview, .jobs, .support, .sponsors, .agencies), team, designKit,
newsletter, askAi (off unless named in --sections: it needs your widget), admin.`

async function main() {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      repo: { type: 'string' },
      tagline: { type: 'string' },
      description: { type: 'string' },
      url: { type: 'string' },
      npm: { type: 'string' },
      'docs-version': { type: 'string' },
      primary: { type: 'string' },
      sections: { type: 'string' },
      without: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      root: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) return void console.log(usage)
  const root = resolve(values.root ?? join(import.meta.dirname, '..'))
  if (!existsSync(join(root, 'site.config.ts')) || !existsSync(join(root, 'package.json')))
    throw new UsageError(`${root} has no site.config.ts and package.json: --root must be the project's folder`)
  const options = starterOptions(values)
  const dryRun = values['dry-run']
  if (!values.force && !dryRun) assertCommitted(root)
  const result = await initStarter(root, options, { dryRun })
  const would = dryRun ? 'would be ' : ''
  console.log(dryRun ? 'Removed (dry run: nothing is changed):' : 'Removed:')
  for (const { path, files } of result.removed) console.log(`  ${would}deleted  ${path}${files > 1 ? `/ (${files} files)` : ''}`)
  console.log(`Written:`)
  for (const path of result.written) console.log(`  ${would}written  ${path}`)
  const off = Object.entries(options.sections).flatMap(([key, value]) =>
    typeof value === 'boolean' ? (value ? [] : [key]) : Object.entries(value).flatMap(([page, on]) => (on ? [] : [`enterprise.${page}`])),
  )
  console.log(
    `\n${options.name}: ${options.url}, github.com/${options.repo}, npm ${options.npm}; docs ${options.docsVersion} in content/docs/${options.docsVersion.split('.')[0]}.x`,
  )
  console.log(`Sections off: ${off.length ? off.join(', ') : 'none'}`)
  if (!values.url) console.log(`brand.url is ${options.url}: pass --url or edit site.config.ts once the site has its address.`)
  if (!dryRun) console.log('\nNext: npm run build, then replace each example file with your own; docs/starting.md says what each folder feeds.')
}

main().catch((error: unknown) => {
  // The usage text helps with a wrong flag, not with a refusal to run on uncommitted work.
  console.error(
    error instanceof UsageError
      ? error.message.startsWith('--')
        ? `${error.message}\n\n${usage}`
        : error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error),
  )
  process.exit(1)
})
