/** The icon sets the site draws from, by Iconify prefix: `i-lucide-rocket`, `i-simple-icons-github`. */
export const ICON_SETS = ['lucide', 'simple-icons'] as const
