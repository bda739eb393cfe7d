import { parseEmailAddress } from './email-address'
import { z } from './zod'

/**
 * The product API's request and response bodies. The server validates what it
 * receives with these, the app parses what it gets back with them, and the MSW
 * handlers in tests answer through the server's own API app: one definition for all
 * three, so a change to a body is a type error wherever it matters.
 */

/** `GET {api}/stats`: the release and ecosystem figures the header and the modules page show. */
export const statsSchema = z.object({
  /** The latest release: the first docs version's tag. */
  version: z.string(),
  stars: z.number(),
  modules: z.number(),
  maintainers: z.number(),
  contributors: z.number(),
})
export type SiteStats = z.infer<typeof statsSchema>

/** One module as `GET {api}/modules` lists it (SPEC point 3, the Module entity). */
export const apiModuleSchema = z.object({
  name: z.string(),
  npm: z.string(),
  description: z.string(),
  /** A full URL, or a site path under the modules icon base. */
  icon: z.string(),
  category: z.string(),
  type: z.enum(['official', 'other']),
  sponsor: z.boolean(),
  repo: z.string(),
  website: z.optional(z.string()),
  maintainers: z.array(z.object({ name: z.string(), github: z.string() })),
  compatibility: z.optional(z.object({ fjord: z.string() })),
  stats: z.object({ downloads: z.number(), stars: z.number(), publishedAt: z.string(), createdAt: z.string() }),
})
export type ApiModule = z.infer<typeof apiModuleSchema>

/** `GET {api}/modules`: every module (sponsors, then official, then by downloads) and the ecosystem figures. */
export const modulesResponseSchema = z.object({
  modules: z.array(apiModuleSchema),
  stats: z.object({ maintainers: z.number(), contributors: z.number(), modules: z.number() }),
})
export type ModulesResponse = z.infer<typeof modulesResponseSchema>

/** `GET {api}/_auth/session`: logged in when it has a user (SPEC point 3). */
export const sessionSchema = z.object({
  user: z.optional(z.looseObject({ login: z.optional(z.string()), name: z.optional(z.string()), avatar: z.optional(z.string()) })),
  loggedInAt: z.optional(z.string()),
})
export type Session = z.infer<typeof sessionSchema>

export const INVALID_EMAIL = 'Please enter a valid email'

/**
 * SPEC point 5: a string that is an email address, by the one parser the site has
 * (lib/email-address.ts); it parses to the normalised address. Whatever the reason a
 * value is refused, the message is SPEC's; the reason rides along in the issue's params.
 */
export const emailSchema = z.pipe(
  z.string({ error: INVALID_EMAIL }),
  z.transform((value: string, ctx) => {
    const parsed = parseEmailAddress(value)
    if (parsed.ok) return parsed.address
    ctx.issues.push({ code: 'custom', message: INVALID_EMAIL, input: value, params: { reason: parsed.reason } })
    return z.NEVER
  }),
)

/** `POST {api}/newsletter/subscribe`. */
export const subscribeRequestSchema = z.object({ email: emailSchema })
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>

/** `POST {api}/newsletter/confirm`. */
export const confirmRequestSchema = z.object({ email: emailSchema, confirmation: z.string().check(z.minLength(1, 'The confirmation code is missing.')) })
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>

/** `POST {api}/newsletter/unsubscribe`: the token from the link in every newsletter email. */
export const unsubscribeRequestSchema = z.object({ token: z.string().check(z.minLength(1, 'The unsubscribe token is missing.'), z.maxLength(200)) })
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>

/**
 * The failures a reader may meet that the API names by code beside its message, so a
 * page in another language says them in its own words (src/features/newsletter).
 */
export const API_ERROR_CODES = ['already-subscribed', 'invalid-confirmation', 'invalid-unsubscribe', 'rate-limited'] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

/**
 * A failed call's body: `message` holds either a sentence or, for validation
 * failures, a JSON list of `{message}` (SPEC point 7 reads the first one); `code`
 * names a failure of API_ERROR_CODES, and `retryAfter` the seconds to wait after a 429.
 * A code this client does not know is read as none.
 */
export const apiErrorSchema = z.object({
  statusCode: z.optional(z.number()),
  message: z.string(),
  code: z.optional(
    z.pipe(
      z.string(),
      z.transform((code) => API_ERROR_CODES.find((known) => known === code)),
    ),
  ),
  retryAfter: z.optional(z.number()),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/**
 * Why a sign-in failed: the code the server puts in `/admin/login?error=`. The login
 * page has a message for each and shows nothing for anything else in the URL.
 */
export const signInErrors = ['not-configured', 'provider-refused', 'expired', 'provider-unreachable', 'not-admin', 'link-invalid'] as const
export type SignInError = (typeof signInErrors)[number]

/** The admin API's subscriber sort keys (`GET {api}/admin/subscribers?sort=`). */
export const adminSubscriberSorts = ['createdAt', 'email', 'status', 'confirmedAt'] as const

/** `GET {api}/admin/subscribers` query: search, status, sort, page; bad values are a 400. */
export const adminSubscribersRequestSchema = z.object({
  q: z.optional(z.string().check(z.maxLength(254))),
  status: z.optional(z.enum(['pending', 'confirmed'])),
  /** `flagged`: only subscribers whose address fails the address rules. */
  address: z.optional(z.enum(['flagged'])),
  sort: z._default(z.enum(adminSubscriberSorts), 'createdAt'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
  perPage: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100))), 25),
})
export type AdminSubscribersRequest = z.output<typeof adminSubscribersRequestSchema>

export const adminSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed']),
  createdAt: z.number(),
  confirmedAt: z.nullable(z.number()),
  /** Why the stored address fails the address rules (lib/email-address.ts's code), or null: such a subscriber is sent nothing. */
  addressProblem: z.nullable(z.string()),
})
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>

/** `GET {api}/admin/subscribers`: one page, how many match, and the counts by status. */
export const adminSubscribersResponseSchema = z.object({
  subscribers: z.array(adminSubscriberSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  /** By status, and how many addresses are flagged (of either status). */
  counts: z.object({ pending: z.number(), confirmed: z.number(), flagged: z.number() }),
})
export type AdminSubscribersResponse = z.infer<typeof adminSubscribersResponseSchema>

/** A problem the content build reported, where it is (file, line, field). */
export const contentWarningSchema = z.object({ file: z.string(), line: z.optional(z.number()), field: z.optional(z.string()), message: z.string() })
export type ContentWarning = z.infer<typeof contentWarningSchema>

/** `GET {api}/admin/content`: what is deployed, per collection, and what the build warned about. */
export const adminContentResponseSchema = z.object({
  build: z.object({ id: z.string(), timestamp: z.nullable(z.number()) }),
  collections: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      rows: z.number(),
      /** Bytes of the database file browsers download (`db.sqlite`), then gzip and brotli (null when that file is missing). */
      bytes: z.object({ raw: z.nullable(z.number()), gzip: z.nullable(z.number()), brotli: z.nullable(z.number()) }),
    }),
  ),
  docs: z.array(z.object({ label: z.string(), path: z.string(), collection: z.string(), pages: z.number() })),
  /** Null when the build wrote no report (a build older than the report). */
  warnings: z.nullable(z.object({ total: z.number(), brokenLinks: z.number(), shown: z.array(contentWarningSchema) })),
})
export type AdminContentResponse = z.infer<typeof adminContentResponseSchema>

/** `GET {api}/admin/modules`: the module directory in figures. */
export const adminModulesResponseSchema = z.object({
  total: z.number(),
  official: z.number(),
  sponsored: z.number(),
  downloads: z.number(),
  stars: z.number(),
  maintainers: z.number(),
  categories: z.array(z.object({ category: z.string(), modules: z.number(), downloads: z.number() })),
  top: z.array(z.object({ name: z.string(), npm: z.string(), category: z.string(), downloads: z.number(), stars: z.number(), publishedAt: z.string() })),
  stale: z.number(),
})
export type AdminModulesResponse = z.infer<typeof adminModulesResponseSchema>

/** `DELETE {api}/admin/sessions` (sign out everywhere): how many sessions of the login it ended, this one included. */
export const adminSessionsEndedResponseSchema = z.object({ ended: z.number() })
export type AdminSessionsEndedResponse = z.infer<typeof adminSessionsEndedResponseSchema>

/** SPEC point 3: the preview token's cookie. */
export const PREVIEW_COOKIE = 'previewToken'
/** The same token sent by the app itself (session storage), where a cookie may be refused. */
export const PREVIEW_HEADER = 'X-Preview-Token'

/** `GET {preview api}/drafts`: the collections with draft pages, their routes and dumps. */
export const draftsResponseSchema = z.object({
  collections: z.record(
    z.string(),
    z.object({
      type: z.enum(['page', 'data']),
      table: z.string(),
      checksum: z.string(),
      rows: z.number(),
      columns: z.array(z.object({ name: z.string(), kind: z.string() })),
      paths: z.array(z.string()),
      dump: z.string(),
    }),
  ),
})
export type DraftsResponse = z.infer<typeof draftsResponseSchema>
