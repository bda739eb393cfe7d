/**
 * The brand's name as the start of every name the site leaves in a reader's browser or
 * sends as a cookie (storage keys, cookies, the sign-in window): a team that renames
 * its site finds its own name there, never the demo's. Lower-case ASCII letters and
 * digits joined by hyphens ("Acme UI" → "acme-ui"); "site" for a name with none.
 */
export function brandKey(brand: { name: string }): string {
  const key = brand.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return key || 'site'
}
