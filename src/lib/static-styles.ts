/**
 * A page's build-time markup with its style attributes made into rules. The page's
 * Content-Security-Policy allows its inline <style> elements by hash (the build hashes
 * what each page inlines), but no style attribute in HTML: the browser would refuse
 * each one, with an error in the console, and draw the element unstyled. Components set
 * styles freely in the app, where React writes them through the CSSOM, which the policy
 * does not govern; in the copy each distinct declaration list becomes one rule on a
 * `data-s` attribute, `!important` as an attribute's declarations win over the sheet's.
 */
export function styleAttributesToRules(html: string, scope: string): string {
  const ids = new Map<string, number>()
  const out = html.replace(/(<[a-zA-Z][^<>]*?)\sstyle="([^"]*)"/g, (_, tag: string, value: string) => {
    let id = ids.get(value)
    if (id === undefined) ids.set(value, (id = ids.size))
    return `${tag} data-s="${id}"`
  })
  if (ids.size === 0) return html
  const rules = [...ids].map(([value, id]) => `${scope} [data-s="${id}"]{${important(unescapeAttribute(value))}}`)
  return `<style>${rules.join('').replace(/</g, '\\3c ')}</style>${out}`
}

function important(declarations: string): string {
  return declarations
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => `${d}!important`)
    .join(';')
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' }
const unescapeAttribute = (value: string) => value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
