import { isSectionOn, type SectionName, type Sections } from '../../src/contract/sections.ts'
import { DEFAULT_THEME } from '../../src/contract/theme.ts'
import { type StarterOptions, versionFolder } from './options.ts'

interface Link {
  label: string
  to: string
  icon?: string
  description?: string
  target?: '_blank'
  /** The section the link goes to: the link is written only while it is on. */
  section?: SectionName
}

const q = (value: unknown) => JSON.stringify(value)

function linkSource({ label, to, icon, description, target }: Link): string {
  const fields = [`label: ${q(label)}`, `to: ${q(to)}`]
  if (icon) fields.push(`icon: ${q(icon)}`)
  if (description) fields.push(`description: ${q(description)}`)
  if (target) fields.push(`target: ${q(target)}`)
  return `{ ${fields.join(', ')} }`
}

const kept = (sections: Sections, links: Link[]) => links.filter((l) => l.section === undefined || isSectionOn(sections, l.section))

/** The header menus of the sections kept: a menu whose links are all off is not written. */
function menus(options: StarterOptions, start: string): string[] {
  const { name, sections } = options
  const groups: { label: string; links: Link[] }[] = [
    { label: 'Docs', links: [{ label: 'Get Started', to: start, icon: 'i-lucide-rocket', description: `Install ${name} and create your first app.` }] },
    {
      label: 'Integrations',
      links: [
        { label: 'Modules', to: '/modules', icon: 'i-lucide-puzzle', description: `Extend ${name} with official and community modules.`, section: 'modules' },
        { label: 'Hosting', to: '/deploy', icon: 'i-lucide-rocket', description: 'Deploy your app to any provider.', section: 'deploy' },
      ],
    },
    {
      label: 'Resources',
      links: [
        { label: 'Templates', to: '/templates', icon: 'i-lucide-app-window', description: 'Start from a ready-made project.', section: 'templates' },
        { label: 'Video Courses', to: '/video-courses', icon: 'i-lucide-graduation-cap', description: `Learn ${name} with video courses.`, section: 'videoCourses' },
        { label: 'Showcase', to: '/showcase', icon: 'i-lucide-presentation', description: `Websites built with ${name}.`, section: 'showcase' },
      ],
    },
    {
      label: 'Enterprise',
      links: [
        { label: 'Overview', to: '/enterprise', icon: 'i-lucide-building-2', section: 'enterprise.overview' },
        { label: 'Support', to: '/enterprise/support', icon: 'i-lucide-life-buoy', section: 'enterprise.support' },
        { label: 'Agencies', to: '/enterprise/agencies', icon: 'i-lucide-handshake', section: 'enterprise.agencies' },
        { label: 'Sponsors', to: '/enterprise/sponsors', icon: 'i-lucide-heart', section: 'enterprise.sponsors' },
        { label: 'Jobs', to: '/enterprise/jobs', icon: 'i-lucide-briefcase', section: 'enterprise.jobs' },
      ],
    },
  ]
  const out = groups.flatMap(({ label, links }) => {
    const on = kept(sections, links)
    return on.length ? [`{ label: ${q(label)}, children: [${on.map(linkSource).join(', ')}] }`] : []
  })
  if (isSectionOn(sections, 'blog')) out.push(`{ label: 'Blog', to: '/blog' }`)
  if (isSectionOn(sections, 'designKit')) out.push(`{ label: 'Design Kit', to: '/design-kit' }`)
  return out
}

/** The footer columns of the sections kept: a column left with no link is not written. */
function columns(options: StarterOptions, start: string): string[] {
  const { repo, sections } = options
  const github = `https://github.com/${repo}`
  const groups: { label: string; links: Link[] }[] = [
    {
      label: 'Project',
      links: [
        { label: 'GitHub', to: github, target: '_blank' },
        { label: 'Releases', to: `${github}/releases`, target: '_blank' },
        { label: 'Team', to: '/team', section: 'team' },
        { label: 'Design Kit', to: '/design-kit', section: 'designKit' },
      ],
    },
    {
      label: 'Learn',
      links: [
        { label: 'Documentation', to: start },
        { label: 'Blog', to: '/blog', section: 'blog' },
        { label: 'Templates', to: '/templates', section: 'templates' },
        { label: 'Video Courses', to: '/video-courses', section: 'videoCourses' },
      ],
    },
    {
      label: 'Enterprise',
      links: [
        { label: 'Support', to: '/enterprise/support', section: 'enterprise.support' },
        { label: 'Agencies', to: '/enterprise/agencies', section: 'enterprise.agencies' },
        { label: 'Sponsors', to: '/enterprise/sponsors', section: 'enterprise.sponsors' },
        { label: 'Jobs', to: '/enterprise/jobs', section: 'enterprise.jobs' },
      ],
    },
  ]
  return groups.flatMap(({ label, links }) => {
    const on = kept(sections, links)
    return on.length ? [`{ label: ${q(label)}, children: [${on.map(linkSource).join(', ')}] }`] : []
  })
}

function sectionsSource(sections: Sections): string {
  const pages = Object.values(sections.enterprise)
  const enterprise = pages.every((v) => v === pages[0])
    ? String(pages[0])
    : `{ ${Object.entries(sections.enterprise)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')} }`
  return `{ ${Object.entries(sections)
    .map(([k, v]) => `${k}: ${typeof v === 'boolean' ? String(v) : enterprise}`)
    .join(', ')} }`
}

/**
 * The starter's site.config.ts: the brand from the options, one docs version, the menus,
 * footer and social links of the sections kept, no demo redirects, no admins, and every
 * section switched. Unformatted: init runs it through the project's Prettier.
 */
export function siteConfigSource(options: StarterOptions): string {
  const { name, repo, sections } = options
  const version = versionFolder(options)
  const major = version.split('.')[0] ?? '1'
  const start = '/docs/getting-started/introduction'
  const admin = isSectionOn(sections, 'admin')
  return `import { defineSiteConfig, type SiteConfigInput } from './src/contract/site-schema.ts'

/**
 * Everything that makes this site ${name}'s, written by npm run init (docs/starting.md).
 * docs/configuration.md describes every key; docs/sections.md the sections below.
 */
const site: SiteConfigInput = {
  brand: {
    name: ${q(name)},
    tagline: ${q(options.tagline)},
    description: ${q(options.description)},
    // Drawn by npm run init from the name and colour: replace the files in public/design-kit/ with your own.
    logo: ${q(`/design-kit/${options.slug}-logo-light.svg`)},
    icon: { light: ${q(`/design-kit/${options.slug}-icon-light.svg`)}, dark: ${q(`/design-kit/${options.slug}-icon-dark.svg`)} },
    url: ${q(options.url)},
    repo: ${q(repo)},
    npm: ${q(options.npm)},
  },
  // The brand colour, the greys and the corners: every colour token, light and dark, is
  // derived from these with AA contrast (docs/theming.md).
  theme: { primary: ${q(options.primary)}, neutral: ${q(DEFAULT_THEME.neutral)}, radius: ${q(DEFAULT_THEME.radius)} },
  docs: {
    // One version to start with; add one entry (and one folder) per version you keep online.
    versions: [
      {
        label: ${q(`Version ${major}`)},
        tag: ${q(options.docsVersion)},
        shortTag: ${q(`v${major}`)},
        branch: 'main',
        tagColor: 'primary',
        path: ${q(`/docs/${version}`)},
        collection: ${q(`docsv${major}`)},
        dir: ${q(`content/docs/${version}`)},
        dirEnv: ${q(`DOCS_V${major}_DIR`)},
      },
    ],
    // "Edit this page": {branch} is the version's branch, {file} the page's file within its folder.
    editUrl: ${q(`https://github.com/${repo}/edit/{branch}/docs/{file}`)},
  },
  header: {
    menus: [${menus(options, start).join(', ')}],
  },
  footer: {
    columns: [${columns(options, start).join(', ')}],
    copyrightStartYear: ${options.date.slice(0, 4)},
    license: { label: 'MIT License', to: ${q(`https://github.com/${repo}/blob/main/LICENSE`)} },
  },
  social: [{ label: 'GitHub', icon: 'i-simple-icons-github', to: ${q(`https://github.com/${repo}`)}, target: '_blank' }],
  api: { baseUrl: '/api' },
  // What the product API's /stats answers (GitHub stars and contributors of the repository): keep it current.
  stats: { stars: 0, contributors: 0 },
  // The GitHub logins allowed into /admin: add yours. The OAuth app's client id and secret
  // come from the environment, never this file (docs/configuration.md).
  auth: { admins: [] },
  // Draft pages for whoever opens the site with ?preview=<the server's preview token>.
  preview: { api: '/api/_preview' },
  modules: { iconBaseUrl: '/icons/modules/' },
  // Permanent redirects, old path → new path or URL, such as '/chat': 'https://discord.gg/…'.
  redirects: {},${admin ? `\n  middleware: {\n    '/admin': ['auth'],\n    '/admin/login': ['guest'],\n  },` : ''}
  // Every optional section, on or off (docs/sections.md); a section that is on needs its content folder.
  sections: ${sectionsSource(sections)},
  // Markdown components of this site, beside the renderer's own (README: "Use your own content").
  content: { components: { 'browser-support': 'src/content-components/browser-support.tsx' } },${
    admin ? `\n  // The admin header shows the signed-in GitHub user's avatar.\n  security: { imageOrigins: ['https://avatars.githubusercontent.com'] },` : ''
  }${
    isSectionOn(sections, 'askAi')
      ? `\n  // The Ask AI widget: set scriptUrl to your provider's script; until then the palette has no Ask AI entry.\n  askAi: { disclaimer: 'Answers are AI-generated and may be inaccurate. Check the documentation for anything important.' },`
      : ''
  }
}

// BASE_PATH=/my-site/ serves the whole site under that sub-path (it wins over \`base\`, which is \`/\` unless set).
// SITE_HOSTING=static builds the site for a static file host, without a server (docs/configuration.md).
export default defineSiteConfig(site, process.env)
`
}
