/** '{title} · {brand}', or the brand's tagline when there is no title (SPEC point 2). */
export function pageTitle(title: string | undefined, brand: { name: string; tagline: string }): string {
  return title ? `${title} · ${brand.name}` : brand.tagline
}
