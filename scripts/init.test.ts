import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { buildContent } from '../content-build/build'
import { isSectionOn } from '../src/contract/sections'
import type { SiteConfig } from '../src/contract/site-schema'
import { starterOptions, UsageError } from './init-starter/options'
import { renderStarterFile } from './init-starter/plan'
import { assertCommitted, initStarter } from './init-starter/run'

const checkout = resolve(import.meta.dirname, '..')
const copies: string[] = []
const tsx = join(checkout, 'node_modules/.bin/tsx')

/** `npm run init -- …args` on the project at `root`: its exit code and what it printed. */
function runInit(root: string, ...args: string[]): { code: number | null; output: string } {
  const run = spawnSync(tsx, [join(checkout, 'scripts/init.ts'), '--root', root, ...args], { cwd: checkout, encoding: 'utf8' })
  return { code: run.status, output: run.stdout + run.stderr }
}

/**
 * The parts of this checkout init reads and changes, copied into a committed git
 * repository of its own: init never runs on the checkout itself. src/ is linked so the
 * copy's site.config.ts can import its schema.
 */
async function copyOfCheckout(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'init-starter-'))
  copies.push(root)
  for (const part of ['content', 'public', 'site.config.ts', 'package.json', '.prettierrc.json']) await cp(join(checkout, part), join(root, part), { recursive: true })
  await symlink(join(checkout, 'src'), join(root, 'src'))
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=init test', '-c', 'user.email=init@example.com', ...args], { cwd: root, stdio: 'pipe' })
  git('init', '-q')
  git('add', '-A')
  git('commit', '-qm', 'the demo')
  return root
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

/** The copy's own site.config.ts, as the content build of that project would read it. */
async function configOf(root: string): Promise<SiteConfig> {
  const module: { default: SiteConfig } = await import(/* @vite-ignore */ join(root, 'site.config.ts'))
  return module.default
}

async function buildOf(root: string) {
  const config = await configOf(root)
  const output = await buildContent({ root, config, env: {} })
  return { config, output }
}

afterAll(async () => {
  for (const root of copies) await rm(root, { recursive: true, force: true })
})

// Each copies the checkout and builds its content; the first also starts the command three times.
describe('npm run init', { timeout: 120_000 }, () => {
  it('refuses a checkout with uncommitted changes and deletes nothing; --dry-run only lists what it would do', async () => {
    const root = await copyOfCheckout()
    const before = await filesUnder(root)
    await writeFile(join(root, 'content/notes.md'), 'work in progress\n')
    const refused = runInit(root, '--name', 'Acme', '--repo', 'acme/acme')
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/1 uncommitted change in .*\n {2}\?\? content\/notes\.md\n.*commit or stash these first, or pass --force/)
    await rm(join(root, 'content/notes.md'))
    expect(() => assertCommitted(root)).not.toThrow()

    const dry = runInit(root, '--name', 'Acme', '--repo', 'acme/acme', '--dry-run')
    expect(dry.code).toBe(0)
    expect(dry.output).toContain('Removed (dry run: nothing is changed):')
    expect(dry.output).toMatch(/would be deleted {2}content\/modules\/ \(\d+ files\)/)
    expect(dry.output).toContain('would be written  content/blog/welcome.md')
    expect(dry.output).toContain('would be written  site.config.ts')
    expect((await filesUnder(root)).sort()).toEqual(before.sort())

    const wrong = runInit(root, '--name', 'Acme', '--repo', 'acme/acme', '--without', 'videos')
    expect(wrong.code).toBe(1)
    expect(wrong.output).toContain('--without: "videos" is not a section')
  })

  it('turns the demo into a starter for Acme that builds with no warning and no broken link, and no Fjord left in content/', async () => {
    const root = await copyOfCheckout()
    const publicBefore = await filesUnder(join(root, 'public'))
    const result = await initStarter(root, starterOptions({ name: 'Acme', repo: 'acme/acme', url: 'https://acme.dev', tagline: 'The friendly framework' }))

    const { config, output } = await buildOf(root)
    expect(output.warnings).toEqual([])
    expect(output.brokenLinks).toBe(0)
    expect(config.brand).toMatchObject({ name: 'Acme', tagline: 'The friendly framework', url: 'https://acme.dev', repo: 'acme/acme', npm: 'acme' })
    expect(config.docs.editUrl).toBe('https://github.com/acme/acme/edit/{branch}/docs/{file}')
    expect(config.docs.versions.map((v) => v.path)).toEqual(['/docs/1.x'])
    expect(config.auth.admins).toEqual([])
    expect(config.redirects).toEqual({})
    expect(JSON.stringify([config.header, config.footer, config.social])).not.toMatch(/fjord/i)

    const content = await filesUnder(join(root, 'content'))
    const mentions = []
    for (const file of content) if (/fjord/i.test(await readFile(file, 'utf8'))) mentions.push(file)
    expect(mentions).toEqual([])
    // One example per section: one post, one module, one docs page, one of each listing's entries.
    const pagesOf = (prefix: string) => output.pages.filter((p) => p.path.startsWith(prefix)).map((p) => p.path)
    expect(pagesOf('/blog/')).toEqual(['/blog/welcome'])
    expect(pagesOf('/docs/')).toEqual(['/docs/1.x/getting-started/introduction'])
    const rows = Object.fromEntries(output.collections.map((c) => [c.def.name, c.rows.length]))
    expect(rows).toMatchObject({ blog: 1, modules: 1, deploy: 1, templates: 1, showcase: 1, videoCourses: 1, manualSponsors: 1, support: 1, agencies: 1, team: 1, docsv1: 1 })

    // public/ lost only the demo's pictures init names, and nothing else.
    const publicAfter = new Set(await filesUnder(join(root, 'public')))
    const gone = publicBefore.filter((f) => !publicAfter.has(f)).map((f) => f.slice(root.length + 1))
    expect(gone.every((f) => result.removed.some((r) => f === r.path || f.startsWith(`${r.path}/`)))).toBe(true)
    expect(existsSync(join(root, 'public/design-kit/fjord-logo-light.svg'))).toBe(false)
    expect(existsSync(join(root, 'public/design-kit/acme-icon-light.svg'))).toBe(true)
  })

  it('switches off the sections left out, without their folders, links or menu entries', async () => {
    const root = await copyOfCheckout()
    await initStarter(root, starterOptions({ name: 'Acme Cloud', repo: 'acme/cloud', without: 'video-courses,showcase,enterprise,newsletter' }))

    const { config, output } = await buildOf(root)
    expect(output.warnings).toEqual([])
    expect(output.brokenLinks).toBe(0)
    for (const section of ['videoCourses', 'showcase', 'enterprise.overview', 'enterprise.jobs', 'newsletter', 'askAi'] as const)
      expect(isSectionOn(config.sections, section)).toBe(false)
    for (const section of ['blog', 'modules', 'deploy', 'templates', 'team', 'designKit', 'admin'] as const) expect(isSectionOn(config.sections, section)).toBe(true)
    for (const folder of ['video-courses', 'showcase', 'support', 'agencies', 'manual-sponsors']) expect(existsSync(join(root, 'content', folder))).toBe(false)
    expect(existsSync(join(root, 'content/index/newsletter.md'))).toBe(false)
    const links = JSON.stringify([config.header.menus, config.footer.columns])
    for (const path of ['/video-courses', '/showcase', '/enterprise', '/newsletter']) expect(links).not.toContain(`"${path}`)
    expect(await readFile(join(root, 'content/index/index.md'), 'utf8')).not.toContain('/newsletter')
    expect(config.brand.logo).toBe('/design-kit/acme-cloud-logo-light.svg')
  })

  it('keeps only the home page and the docs with no section at all, and that builds too', async () => {
    const root = await copyOfCheckout()
    await initStarter(root, starterOptions({ name: 'Acme', repo: 'acme/acme', sections: '' }))
    const { config, output } = await buildOf(root)
    expect(output.warnings).toEqual([])
    expect(output.pages.map((p) => p.path).sort()).toEqual(['/', '/docs/1.x/getting-started/introduction'])
    expect(config.header.menus.map((m) => m.label)).toEqual(['Docs'])
  })
})

describe('the starter templates', () => {
  const options = starterOptions({ name: 'Acme', repo: 'acme/acme', sections: 'blog,enterprise.jobs' }, new Date('2026-03-14T12:00:00Z'))

  it('keep a block while its section is on, and fill the placeholders', () => {
    const template = 'name: {{name}}\n# if: blog\nblog: {{docs}}\n# end\n# if: modules\nmodules: yes\n# end\nquoted: {{tagline:yaml}}\ndate: {{date}}\n'
    expect(renderStarterFile(template, options)).toBe('name: Acme\nblog: /docs/1.x\nquoted: "Build with Acme"\ndate: 2026-03-14\n')
  })

  it('name a wrong section or flag with what to write instead', () => {
    expect(() => starterOptions({ name: 'Acme', repo: 'acme/acme', without: 'videos' })).toThrow(/--without: "videos" is not a section; the sections are blog, modules/)
    expect(() => starterOptions({ name: 'Acme', repo: 'acme' })).toThrow(/--repo "acme" must be the GitHub repository as owner\/name/)
    expect(() => starterOptions({ name: 'Acme' })).toThrow(UsageError)
    expect(() => starterOptions({ name: 'Acme', repo: 'acme/acme', sections: 'blog', without: 'team' })).toThrow(/cannot be used together/)
  })
})
