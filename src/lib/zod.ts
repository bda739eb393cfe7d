import { z } from 'zod'

/**
 * zod for the app: every schema in src/ imports `z` from here, never from 'zod'
 * (lint enforces it). zod builds fast object parsers with `new Function` when it can
 * and probes for it while each object schema is constructed; the site's
 * Content-Security-Policy has no 'unsafe-eval', so the probe would be a reported
 * violation on every page. Configured here, before any schema exists.
 */
z.config({ jitless: true })

export { z }
