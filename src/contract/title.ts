/** '{title} · {brand}', or the brand's tagline when there is no title (SPEC point 2). */
export function pageTitle(title: string | undefined, brand: { name: string; tagline: string }): string {
  return title ? `${title} · ${brand.name}` : brand.tagline
}

/**
 * A route's title, as the build writes it into the page's HTML and the app sets it once
 * started: the home page's own title is the brand, so its tab shows the tagline.
 */
export function routeTitle(path: string, title: string | undefined, brand: { name: string; tagline: string }): string {
  return pageTitle(path === '/' ? undefined : title, brand)
}

/** The admin sign-in page's title, which the build also writes into that route's HTML. */
export const SIGN_IN_TITLE = 'Sign in'
