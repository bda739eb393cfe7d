import { type SectionName, type Sections, sectionsSchema } from '../../src/contract/sections.ts'
import { DEFAULT_THEME, HEX_COLOR } from '../../src/contract/theme.ts'

/** What `npm run init` makes the starter from: the brand, the one docs version and the sections kept. */
export interface StarterOptions {
  name: string
  /** The name in file names and package scopes: `Acme Cloud` → `acme-cloud`. */
  slug: string
  tagline: string
  description: string
  url: string
  /** The framework's GitHub repository, owner/name. */
  repo: string
  npm: string
  /** The docs version's tag (`1.0.0`); its folder is content/docs/<major>.x. */
  docsVersion: string
  primary: string
  sections: Sections
  /** Today, for the example post and module (YYYY-MM-DD). */
  date: string
}

export class UsageError extends Error {}

/** Every section `--sections` and `--without` take, as the config names them; `enterprise` is its five pages. */
const sectionNames = [
  'blog',
  'modules',
  'deploy',
  'templates',
  'showcase',
  'videoCourses',
  'enterprise.overview',
  'enterprise.jobs',
  'enterprise.support',
  'enterprise.sponsors',
  'enterprise.agencies',
  'team',
  'designKit',
  'newsletter',
  'askAi',
  'admin',
] as const satisfies readonly SectionName[]

/** Ask AI needs a third-party widget the starter has no address for: on only when `--sections` names it. */
const offUnlessNamed: readonly SectionName[] = ['askAi']

/** `video-courses` or `videoCourses`, `enterprise` or `enterprise.jobs`: the section names one word stands for. */
function sectionsNamed(word: string, flag: string): SectionName[] {
  const camel = word.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
  if (camel === 'enterprise') return sectionNames.filter((n) => n.startsWith('enterprise.'))
  const found = sectionNames.find((n) => n === camel || n === `enterprise.${camel}`)
  if (!found)
    throw new UsageError(
      `${flag}: "${word}" is not a section; the sections are ${[...sectionNames.filter((n) => !n.includes('.')), 'enterprise', ...sectionNames.filter((n) => n.includes('.'))].join(', ')}`,
    )
  return [found]
}

/** The sections switch from `--sections` (the ones kept) or `--without` (the ones left out); all but Ask AI without either. */
export function parseSections(keep: string | undefined, without: string | undefined): Sections {
  if (keep !== undefined && without !== undefined) throw new UsageError('--sections and --without cannot be used together: list the sections to keep, or the ones to leave out')
  const list = (value: string, flag: string) =>
    value
      .split(',')
      .filter((w) => w.trim())
      .flatMap((w) => sectionsNamed(w, flag))
  const kept = new Set<SectionName>(
    keep !== undefined ? list(keep, '--sections') : sectionNames.filter((n) => !offUnlessNamed.includes(n) && !list(without ?? '', '--without').includes(n)),
  )
  const on = (n: SectionName) => kept.has(n)
  return sectionsSchema.parse({
    blog: on('blog'),
    modules: on('modules'),
    deploy: on('deploy'),
    templates: on('templates'),
    showcase: on('showcase'),
    videoCourses: on('videoCourses'),
    enterprise: {
      overview: on('enterprise.overview'),
      jobs: on('enterprise.jobs'),
      support: on('enterprise.support'),
      sponsors: on('enterprise.sponsors'),
      agencies: on('enterprise.agencies'),
    },
    team: on('team'),
    designKit: on('designKit'),
    newsletter: on('newsletter'),
    askAi: on('askAi'),
    admin: on('admin'),
  })
}

export interface StarterFlags {
  name?: string | undefined
  repo?: string | undefined
  tagline?: string | undefined
  description?: string | undefined
  url?: string | undefined
  npm?: string | undefined
  'docs-version'?: string | undefined
  primary?: string | undefined
  sections?: string | undefined
  without?: string | undefined
}

/** The command line's flags checked and completed, each bad one named with what to write instead. */
export function starterOptions(flags: StarterFlags, today = new Date()): StarterOptions {
  const { name, repo } = flags
  if (!name || !repo) throw new UsageError('--name and --repo are required: npm run init -- --name Acme --repo acme/acme')
  // The name goes into YAML, Markdown, SVG and TypeScript: plain words keep every one of them valid.
  if (!/^[\p{L}\p{N}][\p{L}\p{N} .&+_-]{0,39}$/u.test(name))
    throw new UsageError(`--name "${name}": use up to 40 letters, digits, spaces and . & + _ -, starting with a letter or digit`)
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new UsageError(`--repo "${repo}" must be the GitHub repository as owner/name, such as acme/acme`)
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  if (!slug) throw new UsageError(`--name "${name}" has no letter a-z or digit to name files with: add one`)
  const url = flags.url ?? `https://${slug}.example.com`
  if (!/^https?:\/\/[^/]+\/?$/.test(url) || !URL.canParse(url)) throw new UsageError(`--url "${url}" must be the site's address with no path, such as https://acme.dev`)
  const npm = flags.npm ?? slug
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(npm)) throw new UsageError(`--npm "${npm}" must be an unscoped npm package name such as ${slug}`)
  const docsVersion = flags['docs-version'] ?? '1.0.0'
  if (!/^\d+\.\d+\.\d+$/.test(docsVersion)) throw new UsageError(`--docs-version "${docsVersion}" must be a version such as 1.0.0`)
  const primary = flags.primary ?? DEFAULT_THEME.primary
  if (!HEX_COLOR.test(primary)) throw new UsageError(`--primary "${primary}" must be a hex colour such as #00a3a3`)
  for (const key of ['tagline', 'description'] as const) {
    if (flags[key] !== undefined && !flags[key].trim()) throw new UsageError(`--${key} is empty: leave it out for the default or write one`)
  }
  return {
    name,
    slug,
    tagline: flags.tagline ?? `Build with ${name}`,
    description: flags.description ?? `The documentation, news and ecosystem of ${name}.`,
    url: url.replace(/\/$/, ''),
    repo,
    npm,
    docsVersion,
    primary,
    sections: parseSections(flags.sections, flags.without),
    date: today.toISOString().slice(0, 10),
  }
}

/** The docs version's folder name, `1.x` for 1.0.0. */
export const versionFolder = (options: StarterOptions) => `${options.docsVersion.split('.')[0]}.x`
