import siteConfig from 'virtual:fjord-site-config'

/**
 * The site config in the browser. It was validated with zod when the build (or the
 * dev server) started, so the app receives the checked values and ships no schema.
 */
export const site = siteConfig
