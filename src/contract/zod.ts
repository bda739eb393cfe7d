import * as z from 'zod/mini'

/**
 * zod for the app: every schema in src/ imports `z` from here, never from 'zod' (lint
 * enforces it). It is zod's tree-shakable build, `zod/mini`: the same parsers and
 * issues, with checks and wrappers as functions (`z.optional(s)`,
 * `s.check(z.minLength(1))`), so the browser ships what the schemas use, about a
 * third of the full build. Configured here, before any schema exists:
 * - English messages, which the full build loads by itself and the mini one does not;
 * - jitless: zod builds fast object parsers with `new Function` when it can and
 *   probes for it while each object schema is constructed; the site's
 *   Content-Security-Policy has no 'unsafe-eval', so the probe would be a reported
 *   violation on every page.
 */
z.config({ ...z.locales.en(), jitless: true })

export { z }
