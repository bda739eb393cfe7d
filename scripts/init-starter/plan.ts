import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

import { isSectionOn, type SectionName } from '../../src/contract/sections.ts'
import { cardSvg, iconSvg, logoSvg } from './images.ts'
import { type StarterOptions, versionFolder } from './options.ts'

/** The starter's files, laid out as in the project (content/…); `content/docs/_version` is the docs version's folder. */
export const STARTER_DIR = join(import.meta.dirname, 'files')

/**
 * What init deletes besides content/: the demo's pictures in public/, named one by one
 * so that nothing else there (a team's own files) is touched.
 */
export const DEMO_PUBLIC = [
  'public/assets/agencies',
  'public/assets/avatars',
  'public/assets/blog',
  'public/assets/deploy',
  'public/assets/showcase',
  'public/assets/sponsors',
  'public/assets/templates',
  'public/assets/video-courses',
  'public/icons/modules',
  ...['logo', 'icon', 'wordmark'].flatMap((kind) => ['light', 'dark'].map((mode) => `public/design-kit/fjord-${kind}-${mode}.svg`)),
]

/** The section each starter file belongs to (the first prefix that matches); files under none are always written. */
const owners: readonly [prefix: string, section: SectionName][] = [
  ['content/index/newsletter.md', 'newsletter'],
  ['content/landing/blog.yml', 'blog'],
  ['content/blog/', 'blog'],
  ['content/landing/modules.yml', 'modules'],
  ['content/modules/', 'modules'],
  ['content/landing/deploy.yml', 'deploy'],
  ['content/deploy/', 'deploy'],
  ['content/landing/templates.yml', 'templates'],
  ['content/templates/', 'templates'],
  ['content/landing/showcase.yml', 'showcase'],
  ['content/showcase/', 'showcase'],
  ['content/landing/video-courses.yml', 'videoCourses'],
  ['content/video-courses/', 'videoCourses'],
  ['content/landing/enterprise.yml', 'enterprise.overview'],
  ['content/landing/enterprise/jobs.yml', 'enterprise.jobs'],
  ['content/landing/enterprise/support.yml', 'enterprise.support'],
  ['content/support/', 'enterprise.support'],
  ['content/landing/enterprise/sponsors.yml', 'enterprise.sponsors'],
  ['content/manual-sponsors/', 'enterprise.sponsors'],
  ['content/landing/enterprise/agencies.yml', 'enterprise.agencies'],
  ['content/agencies/', 'enterprise.agencies'],
  ['content/landing/team.yml', 'team'],
  ['content/team/', 'team'],
  ['content/landing/design-kit.yml', 'designKit'],
  ['content/design-kit/', 'designKit'],
]

export const sectionOf = (file: string) => owners.find(([prefix]) => file.startsWith(prefix))?.[1]

/**
 * A starter file with its placeholders filled: `{{name}}` (and slug, tagline,
 * description, url, repo, owner, npm, scope, docs, versionDir, tag, date), `{{x:yaml}}`
 * for a value quoted for YAML, and lines between `# if: <section>` and `# end` kept only
 * while that section is on.
 */
export function renderStarterFile(text: string, options: StarterOptions): string {
  const version = versionFolder(options)
  const values: Record<string, string> = {
    name: options.name,
    slug: options.slug,
    tagline: options.tagline,
    description: options.description,
    url: options.url,
    repo: options.repo,
    owner: options.repo.split('/')[0] ?? options.repo,
    npm: options.npm,
    docs: `/docs/${version}`,
    versionDir: `content/docs/${version}`,
    tag: options.docsVersion,
    date: options.date,
  }
  const kept = text.replace(/^[ \t]*# if: ([\w.]+)[ \t]*\n([\s\S]*?)^[ \t]*# end[ \t]*\n/gm, (_, section: string, block: string) => {
    if (!isKnownSection(section)) throw new Error(`starter template: "# if: ${section}" names no section`)
    return isSectionOn(options.sections, section) ? block : ''
  })
  return kept.replace(/\{\{(\w+)(:yaml)?\}\}/g, (match, key: string, yaml?: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`starter template: unknown placeholder ${match}`)
    return yaml ? JSON.stringify(value) : value
  })
}

const isKnownSection = (name: string): name is SectionName => owners.some(([, section]) => section === name) || ['askAi', 'admin'].includes(name)

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
}

/** The files the starter writes (project path → text), for the options' sections. */
export async function starterFiles(options: StarterOptions): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  const on = (section: SectionName | undefined) => section === undefined || isSectionOn(options.sections, section)
  for (const file of (await listFiles(STARTER_DIR)).sort()) {
    if (!on(sectionOf(file))) continue
    const target = file.replace(/^content\/docs\/_version\//, `content/docs/${versionFolder(options)}/`)
    files.set(target, renderStarterFile(await readFile(join(STARTER_DIR, file), 'utf8'), options))
  }
  // The listing headers' collection is there whatever the sections: its folder must be too, and git keeps no empty folder.
  if (![...files.keys()].some((path) => path.startsWith('content/landing/')))
    files.set('content/landing/.gitkeep', 'The headers of listing pages (blog.yml, modules.yml, enterprise/jobs.yml…) go in this folder: see docs/starting.md.\n')
  const { slug, primary, name } = options
  for (const mode of ['light', 'dark'] as const) {
    files.set(`public/design-kit/${slug}-logo-${mode}.svg`, logoSvg(name, primary, mode === 'dark'))
    files.set(`public/design-kit/${slug}-icon-${mode}.svg`, iconSvg(primary, mode === 'dark'))
  }
  if (on('blog')) files.set('public/assets/blog/welcome.svg', cardSvg(`Welcome to ${name}`, primary, 1200, 630))
  if (on('modules')) files.set('public/icons/modules/example.svg', iconSvg(primary, false))
  if (on('enterprise.sponsors')) files.set('public/assets/sponsors/example.svg', cardSvg('Example sponsor', primary, 400, 160))
  if (on('enterprise.agencies')) files.set('public/assets/agencies/example-agency.svg', cardSvg('Example Agency', primary, 240, 240))
  return files
}

/** What init deletes under `root`: everything in content/, and the demo's pictures in public/ that are there. */
export async function demoFiles(root: string): Promise<{ path: string; files: number }[]> {
  const found: { path: string; files: number }[] = []
  if (existsSync(join(root, 'content'))) {
    for (const entry of await readdir(join(root, 'content'), { withFileTypes: true })) {
      const path = `content/${entry.name}`
      found.push({ path, files: entry.isDirectory() ? (await listFiles(join(root, path))).length : 1 })
    }
  }
  for (const path of DEMO_PUBLIC) {
    if (!existsSync(join(root, path))) continue
    found.push({ path, files: path.endsWith('.svg') ? 1 : (await listFiles(join(root, path))).length })
  }
  return found
}
