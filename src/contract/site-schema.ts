import { baseProblem, normalizeBase } from './base.ts'
import { sectionsSchema } from './sections.ts'
import { DEFAULT_THEME, HEX_COLOR, neutralNames } from './theme.ts'
import { UI_STRINGS, type UiString } from './ui-strings.ts'
import { z } from './zod.ts'

/**
 * The schema of `site.config.ts`. Everything brand-specific lives in that file so a
 * framework team can point this site at its own content without touching code.
 * Both the browser app and the content build parse the config with this schema.
 */

export const colorNames = ['primary', 'secondary', 'info', 'success', 'warning', 'error', 'neutral', 'important'] as const

/** A site path (`/docs/4.x`) or an absolute http(s) URL. */
const href = z.string().check(
  z.refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
    error: 'must be a site path starting with "/" or an http(s) URL',
  }),
)

/** An http(s) origin, `https://docs.example.com`, with no path. */
const origin = z.pipe(
  z
    .url({ protocol: /^https?$/ })
    .check(z.refine((v) => !URL.canParse(v) || new URL(v).origin === v.replace(/\/$/, ''), { error: 'must be an origin such as https://docs.example.com, with no path' })),
  z.transform((v) => new URL(v).origin),
)

/** A string that is not empty. */
const text = () => z.string().check(z.minLength(1))
/** A site path: starts with "/". */
const sitePath = () => z.string().check(z.startsWith('/'))
/** The name of an environment variable, `FJORD_PREVIEW_TOKEN`, defaulting to `name`. */
const envName = (name: string) => z._default(z.string().check(z.regex(/^[A-Z][A-Z0-9_]*$/)), name)

export const linkSchema = z.object({
  label: text(),
  to: href,
  icon: z.optional(z.string()),
  description: z.optional(z.string()),
  target: z.optional(z.enum(['_blank', '_self'])),
})

export const menuSchema = z.object({
  label: text(),
  to: z.optional(href),
  icon: z.optional(z.string()),
  children: z.optional(z.array(linkSchema)),
})

export const docsVersionSchema = z.object({
  label: text(),
  tag: z.string().check(z.regex(/^\d+\.\d+\.\d+$/, 'must be a semver version such as 4.0.1')),
  shortTag: z.string().check(z.regex(/^v\d+$/, 'must look like v4')),
  branch: text(),
  tagColor: z.enum(colorNames),
  path: z.string().check(z.regex(/^\/docs\/[^/]+$/, 'must look like /docs/4.x')),
  // The browser tells docs collections from the others by this prefix.
  collection: z.string().check(z.regex(/^docs[a-zA-Z0-9]+$/, 'must be a collection name starting with docs, such as docsv4')),
  /** The folder holding this version's Markdown, relative to the project root. */
  dir: text(),
  /** Environment variable that overrides `dir`, so a team can build from its own docs checkout. */
  dirEnv: z.string().check(z.regex(/^[A-Z][A-Z0-9_]*$/)),
})

/** A language tag as `<html lang>` and hreflang take it: `es`, `fa-IR`, `zh-Hans`. */
const languageTag = z.string().check(z.regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as es or fa-IR'))

/**
 * A language the site is read in (docs/translations.md). The first of `locales` is the
 * default: its pages are at unprefixed URLs and its docs are `docs.versions`' folders.
 * Every other locale is under its code (`/es/docs/4.x/...`) and translates the versions
 * its `docs` names, each from a folder of its own.
 */
export const localeSchema = z.object({
  /** The URL prefix: `es` serves `/es/docs/4.x/...`. Lowercase, as URLs are. */
  code: z.string().check(z.regex(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/, 'must be a lowercase language code such as es or pt-br')),
  /** Its name in its own language, as the language switcher offers it: Español. */
  label: text(),
  /** For `<html lang>` and hreflang. */
  lang: languageTag,
  /** Right to left for Arabic, Persian, Hebrew, Urdu. */
  dir: z._default(z.enum(['ltr', 'rtl']), 'ltr'),
  /** The folder of each version it translates, by version name: `{ '4.x': 'content/es/docs/4.x' }`. */
  docs: z._default(z.record(z.string().check(z.regex(/^[^/]+$/, 'must be a version name such as 4.x')), text()), {}),
  /**
   * The folder of its blog posts, each a translation of the post of the same file name in
   * `content/blog`: `content/es/blog`, read at `/es/blog/...`. Left out with the blog
   * (`sections.blog: false`).
   */
  blog: z.optional(text()),
  /** The interface's words in this language; each one not given is the default locale's, then the English below. */
  ui: z._default(z.partial(z.object(Object.fromEntries(Object.keys(UI_STRINGS).map((key) => [key, text()])) as Record<UiString, ReturnType<typeof text>>)), {}),
  /**
   * The config's own words in this language, by their text in the default language: the
   * header's and footer's menus (labels and descriptions), the docs versions' labels
   * (`{ Docs: 'Documentación', 'Version 4': 'Versión 4' }`), and where the locale has a blog,
   * its listing's header (`content/landing/blog.yml`) and the posts' categories. One not
   * given stays as written.
   */
  labels: z._default(z.record(text(), text()), {}),
})

export const DEFAULT_LOCALE = { code: 'en', label: 'English', lang: 'en', dir: 'ltr', docs: {}, ui: {}, labels: {} } as const

/** Where a site runs: see `hosting` below. */
export const hostingModes = ['server', 'static'] as const

/** A base path (`/fjord/`), written with or without its slashes, kept with both. */
const basePath = z.pipe(
  z.string().check(z.refine((v) => baseProblem(v) === undefined, { error: (issue) => `${String(issue.input)} ${baseProblem(String(issue.input))}` })),
  z.transform(normalizeBase),
)

export const siteConfigSchema = z.object({
  /**
   * Where the site is served: `/` (its own domain) or a sub-path such as `/fjord/`
   * (GitHub Pages' `/<repo>/`). Paths in this file and in content stay written from the
   * site's root; links, assets, feeds and the service worker get the base where they
   * are made. The BASE_PATH environment variable wins (`BASE_PATH=/fjord/ npm run build`).
   */
  base: z._default(basePath, '/'),
  brand: z.object({
    name: text(),
    tagline: text(),
    description: text(),
    /** The full logo (an SVG): what 'Copy logo as SVG' copies. */
    logo: sitePath(),
    /** The square mark shown in the header, per colour mode. */
    icon: z.object({ light: sitePath(), dark: sitePath() }),
    /**
     * The Open Graph and Twitter card image of a page without its own (a 1200 × 630 PNG or
     * JPEG). The build draws it from the icon, name and tagline unless public/ has this file.
     */
    socialImage: z._default(sitePath(), '/og/social.png'),
    url: z.url(),
    repo: z.string().check(z.regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name')),
    npm: text(),
  }),
  /**
   * The colours and corners (src/contract/theme.ts, docs/theming.md): the brand colour, a
   * neutral palette (a name or a hex colour tinting the greys) and the base radius.
   */
  theme: z._default(
    z.object({
      primary: z.string().check(z.regex(HEX_COLOR, 'must be a hex colour such as #00a3a3')),
      neutral: z._default(
        z
          .string()
          .check(
            z.refine((v) => neutralNames.some((name) => name === v) || HEX_COLOR.test(v), { error: `must be one of ${neutralNames.join(', ')} or a hex colour such as #64748b` }),
          ),
        DEFAULT_THEME.neutral,
      ),
      radius: z._default(z.string().check(z.regex(/^(?:0|\d*\.?\d+(?:px|rem|em))$/, 'must be a CSS length such as 0.5rem or 6px')), DEFAULT_THEME.radius),
    }),
    DEFAULT_THEME,
  ),
  docs: z.object({
    versions: z.array(docsVersionSchema).check(z.minLength(1)),
    /** Edit-this-page links: `{branch}` is the version's branch, `{file}` the page's file within the version's folder. */
    editUrl: z.string().check(z.includes('{branch}')),
  }),
  header: z.object({
    menus: z.array(menuSchema).check(z.minLength(1)),
    /** How the menu opens on small screens (SPEC: modal by default). */
    mobileMenu: z._default(z.enum(['modal', 'slideover', 'drawer']), 'modal'),
  }),
  footer: z.object({
    columns: z.array(z.object({ label: text(), children: z.array(linkSchema).check(z.minLength(1)) })).check(z.minLength(1)),
    copyrightStartYear: z.int().check(z.minimum(1970)),
    license: linkSchema,
  }),
  social: z.array(z.extend(linkSchema, { icon: text() })).check(z.minLength(1)),
  api: z.object({ baseUrl: href }),
  /**
   * Where the site runs: `server` (the built-in server, `npm start`, answers the product
   * API and the query endpoint) or `static` (dist/ on a static file host, nothing else).
   * A static site leaves out what needs a server: the newsletter and the admin sections
   * are off, preview mode and the query endpoint fallback for browsers without
   * WebAssembly go, and the stats are the build's file. The `SITE_HOSTING` environment
   * variable overrides it for one build (`SITE_HOSTING=static npm run build`).
   */
  hosting: z._default(z.enum(hostingModes), 'server'),
  /**
   * Figures served by the built-in product API's `GET {api}/stats` (a snapshot; point
   * `api.baseUrl` at a live API to replace it). The release version is the first docs
   * version's tag and the module counts come from the modules collection.
   */
  stats: z.object({ stars: z.int().check(z.nonnegative()), contributors: z.int().check(z.nonnegative()) }),
  /**
   * Admin sign-in: an OAuth provider opened in a popup. The client id and secret come
   * from the environment (never this file, which the browser receives); `admins` lists
   * the provider logins allowed in.
   */
  auth: z.prefault(
    z.object({
      providerName: z._default(text(), 'GitHub'),
      authorizeUrl: z._default(z.url(), 'https://github.com/login/oauth/authorize'),
      tokenUrl: z._default(z.url(), 'https://github.com/login/oauth/access_token'),
      userUrl: z._default(z.url(), 'https://api.github.com/user'),
      clientIdEnv: envName('FJORD_OAUTH_CLIENT_ID'),
      clientSecretEnv: envName('FJORD_OAUTH_CLIENT_SECRET'),
      admins: z._default(z.array(text()), []),
      popup: z._default(z.object({ width: z.int().check(z.positive()), height: z.int().check(z.positive()) }), { width: 960, height: 600 }),
    }),
    {},
  ),
  /**
   * Preview mode (SPEC point 4): with an `api`, a page opened with `?preview=<token>`
   * keeps the token (the previewToken cookie and session storage) and shows draft pages,
   * which the preview API hands out to a valid token only. The built-in API serves it at
   * `{api.baseUrl}/_preview`; the token is the server's `tokenEnv` variable.
   */
  preview: z.prefault(
    z.object({
      api: z.optional(href),
      tokenEnv: envName('FJORD_PREVIEW_TOKEN'),
    }),
    {},
  ),
  /**
   * Offline reading: a service worker (sw.js, written by the build) keeps the app and the
   * pages read, and each docs version offers 'Download for offline'. `false` leaves the
   * service worker out: the page registers none and removes one an earlier build left.
   */
  offline: z._default(z.boolean(), true),
  /** An ad network script: a HEAD request to it tells whether an ad blocker is on. */
  ads: z.optional(z.object({ scriptUrl: z.url() })),
  modules: z.object({
    /** Module icons given as a bare file name are resolved against this base. */
    iconBaseUrl: href,
  }),
  /** Permanent redirects applied by the router and listed in the build manifest. */
  redirects: z._default(z.record(sitePath(), href), {}),
  /** Route middleware flags written into the build manifest. */
  middleware: z._default(z.record(sitePath(), z.array(z.enum(['auth', 'guest']))), {}),
  /**
   * The Ask AI widget: a third-party script loaded on demand (`scriptUrl`), which defines
   * `window[global]` with `open({ query, submit })` (Kapa's contract, its default name),
   * and the disclaimer shown beside it. Without a script URL there is no Ask AI entry.
   */
  askAi: z.optional(
    z.object({
      scriptUrl: z.optional(href),
      global: z._default(z.string().check(z.regex(/^[A-Za-z_$][\w$]*$/, 'must be a JavaScript identifier, the global the widget script defines')), 'Kapa'),
      disclaimer: text(),
    }),
  ),
  /** The optional sections, each on unless switched off (src/contract/sections.ts, docs/sections.md). */
  sections: sectionsSchema,
  /** The languages the site is read in, the default first (docs/translations.md). */
  locales: z._default(z.array(localeSchema).check(z.minLength(1)), [{ ...DEFAULT_LOCALE, docs: {}, ui: {}, labels: {} }]),
  /** Page-view analytics: events are posted to `endpoint` for `domain` (Plausible-style). */
  analytics: z.optional(z.object({ endpoint: href, domain: text() })),
  /**
   * Markdown components of this site: the name content writes (`::browser-support`,
   * `:browser-support{…}`) and the module, relative to the project, whose default
   * export renders it with the component's attributes as props and its content as
   * children. A name the renderer already knows is drawn by the site's own instead.
   */
  content: z.prefault(
    z.object({
      components: z._default(
        z
          .record(
            z.string(),
            z.string().check(z.regex(/^[^/].*\.[jt]sx?$/, 'must be a .tsx, .jsx, .ts or .js file relative to the project, such as src/content-components/browser-support.tsx')),
          )
          .check(
            z.superRefine((components, ctx) => {
              for (const name of Object.keys(components)) {
                if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
                  ctx.addIssue({ code: 'custom', path: [name], message: 'must be a component name in kebab-case, as content writes it (::browser-support)', input: name })
              }
            }),
          ),
        {},
      ),
    }),
    {},
  ),
  /**
   * What the server lets in besides the site's own origin (`brand.url`, or PUBLIC_URL).
   * The Content-Security-Policy also allows the Ask AI script's and the analytics
   * endpoint's origins by itself.
   */
  security: z.prefault(
    z.object({
      /** Origins allowed to send state-changing requests to the product API (a docs site on another domain). */
      allowedOrigins: z._default(z.array(origin), []),
      /** Origins images may load from besides the site (the sign-in provider's avatars). */
      imageOrigins: z._default(z.array(origin), []),
    }),
    {},
  ),
})

export type SiteConfigInput = z.input<typeof siteConfigSchema>
export type Hosting = (typeof hostingModes)[number]
export type SiteConfig = z.output<typeof siteConfigSchema>
export type DocsVersion = SiteConfig['docs']['versions'][number]

export class SiteConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`site.config.ts is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'SiteConfigError'
  }
}

/** The environment variable that overrides `hosting` for a build. */
export const HOSTING_ENV = 'SITE_HOSTING'

/**
 * Validates the site config and fails loudly with every problem at once, each
 * naming the field path, so a wrong config never produces a half-working site.
 * `env` is the environment the build runs in (site.config.ts hands in `process.env`): its
 * SITE_HOSTING, when set, is the site's `hosting` (a static site has the sections that
 * need a server switched off, see `hosting`), and its BASE_PATH the site's `base`.
 */
export function defineSiteConfig(input: SiteConfigInput, env: { SITE_HOSTING?: string | undefined; BASE_PATH?: string | undefined } = {}): SiteConfig {
  const hosting = env.SITE_HOSTING
  if (hosting && !hostingModes.some((mode) => mode === hosting)) {
    throw new SiteConfigError([`${HOSTING_ENV}: must be ${hostingModes.join(' or ')}, not "${hosting}"`])
  }
  const result = siteConfigSchema.safeParse({ ...input, ...(hosting ? { hosting } : {}), ...(env.BASE_PATH ? { base: env.BASE_PATH } : {}) })
  if (!result.success) {
    throw new SiteConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`))
  }
  const config = result.data
  const problems: string[] = []
  const seen = new Map<string, string>()
  for (const [i, v] of config.docs.versions.entries()) {
    for (const key of ['path', 'collection', 'shortTag'] as const) {
      const id = `${key}:${v[key]}`
      if (seen.has(id)) problems.push(`docs.versions.${i}.${key}: "${v[key]}" is already used by ${seen.get(id)}`)
      seen.set(id, `docs.versions.${i}`)
    }
  }
  problems.push(...localeProblems(config))
  if (problems.length) throw new SiteConfigError(problems)
  return config.hosting === 'static' ? withoutServer(config) : config
}

/** First path segments a locale's code would shadow: the site's own routes and files. */
export const RESERVED_PREFIXES = ['api', 'raw', 'og', 'mcp', 'rss', 'app']

function localeProblems(config: SiteConfig): string[] {
  const problems: string[] = []
  const names = config.docs.versions.map((v) => v.path.slice(v.path.lastIndexOf('/') + 1))
  const codes = new Map<string, number>()
  for (const [i, locale] of config.locales.entries()) {
    if (codes.has(locale.code)) problems.push(`locales.${i}.code: "${locale.code}" is already used by locales.${codes.get(locale.code)}`)
    codes.set(locale.code, i)
    if (RESERVED_PREFIXES.includes(locale.code)) problems.push(`locales.${i}.code: "${locale.code}" is a path of the site itself (/${locale.code}/...); use another code`)
    for (const name of Object.keys(locale.docs)) {
      if (i === 0) problems.push(`locales.0.docs.${name}: the default locale's docs are the folders of docs.versions; translations belong to the other locales`)
      else if (!names.includes(name)) problems.push(`locales.${i}.docs.${name}: no docs version is named ${name} (the versions are ${names.join(', ')})`)
    }
    if (locale.blog !== undefined && i === 0) problems.push(`locales.0.blog: the default locale's blog is content/blog; translations belong to the other locales`)
  }
  return problems
}

/**
 * A static site's config: the sections that need a server are off (the newsletter's
 * signup and confirmation, the admin area and its sign-in), with everything that
 * switches a section off (routes, links, palette entries, the server's 404), and there is
 * no preview API to ask for drafts.
 */
function withoutServer(config: SiteConfig): SiteConfig {
  const { api: _, ...preview } = config.preview
  // The sections of `serverSections` (src/contract/sections.ts).
  return { ...config, sections: { ...config.sections, newsletter: false, admin: false }, preview }
}
