/**
 * Every URL of the app comes from here; components and the content build never
 * hand-write route strings. `appRoutes` lists the routes that exist whatever the
 * content is; content adds its own pages (docs, blog posts, providers, agencies).
 */
export const paths = {
  home: () => '/',
  team: () => '/team',
  showcase: () => '/showcase',
  templates: () => '/templates',
  blog: () => '/blog',
  blogPost: (slug: string) => `/blog/${slug}`,
  /** A blog's feeds, written by the content build beside its listing (`/blog`, a translation's `/es/blog`). */
  blogRss: (blog = '/blog') => `${blog}/rss.xml`,
  blogAtom: (blog = '/blog') => `${blog}/atom.xml`,
  designKit: () => '/design-kit',
  newsletter: () => '/newsletter',
  deploy: () => '/deploy',
  deployProvider: (slug: string) => `/deploy/${slug}`,
  modules: () => '/modules',
  module: (name: string) => `/modules/${name}`,
  videoCourses: () => '/video-courses',
  docs: () => '/docs',
  /** A docs version's page on reading these docs with AI tools (`/docs/4.x/getting-started/ai`); a version may not have it. */
  docsAi: (versionPath: string) => `${versionPath}/getting-started/ai`,
  /** For AI tools, written by the content build: the default locale's at the root, each other locale's under its code (`/es`). */
  llmsTxt: (localePrefix = '') => `${localePrefix}/llms.txt`,
  llmsFullTxt: (localePrefix = '') => `${localePrefix}/llms-full.txt`,
  /** The MCP endpoint the site's own server answers; a static site (`hosting: 'static'`) has none. */
  mcp: () => '/mcp',
  admin: () => '/admin',
  adminLogin: () => '/admin/login',
  adminSubscribers: () => '/admin/subscribers',
  adminModules: () => '/admin/modules',
  enterprise: () => '/enterprise',
  enterpriseJobs: () => '/enterprise/jobs',
  enterpriseSupport: () => '/enterprise/support',
  enterpriseSponsors: () => '/enterprise/sponsors',
  enterpriseAgencies: () => '/enterprise/agencies',
  enterpriseAgency: (slug: string) => `/enterprise/agencies/${slug}`,
} as const

/** Routes that render without content of their own (listings, forms, admin). */
export const appRoutes: readonly string[] = [
  paths.home(),
  paths.team(),
  paths.showcase(),
  paths.templates(),
  paths.blog(),
  paths.designKit(),
  paths.newsletter(),
  paths.deploy(),
  paths.modules(),
  paths.videoCourses(),
  paths.admin(),
  paths.adminLogin(),
  paths.adminSubscribers(),
  paths.adminModules(),
  paths.enterprise(),
  paths.enterpriseJobs(),
  paths.enterpriseSupport(),
  paths.enterpriseSponsors(),
  paths.enterpriseAgencies(),
]
