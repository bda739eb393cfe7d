import { z } from './zod.ts'

/** The icon sets the site draws from, by Iconify prefix: `i-lucide-rocket`, `i-simple-icons-github`. */
export const ICON_SETS = ['lucide', 'simple-icons'] as const

/**
 * Where the build writes the icons the site draws, one file per set named by its content
 * (`/_icons/lucide.3f9a0c1e2b4d.json`), so they are cached for good. The content
 * manifest's `icons` names each set's file.
 */
export const ICONS_BASE = '/_icons/'

/** An icon file of the build: the icons of one set the site uses, in Iconify's JSON shape. */
export const iconFileSchema = z.object({
  prefix: z.string(),
  width: z.number(),
  height: z.number(),
  icons: z.record(z.string(), z.object({ body: z.string(), width: z.optional(z.number()), height: z.optional(z.number()) })),
})
export type IconFile = z.infer<typeof iconFileSchema>
