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
  /** The blog's feeds, written by the content build. */
  blogRss: () => '/blog/rss.xml',
  blogAtom: () => '/blog/atom.xml',
  designKit: () => '/design-kit',
  newsletter: () => '/newsletter',
  deploy: () => '/deploy',
  deployProvider: (slug: string) => `/deploy/${slug}`,
  modules: () => '/modules',
  module: (name: string) => `/modules/${name}`,
  videoCourses: () => '/video-courses',
  docs: () => '/docs',
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
