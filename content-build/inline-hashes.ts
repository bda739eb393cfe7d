import { createHash } from 'node:crypto'

/**
 * The Content-Security-Policy sources that allow a page's inline elements: the
 * colour-mode boot script every page carries, and the code-colour styles of a
 * prerendered docs page. The build records them in `builds/csp.json` as it writes
 * the HTML, and the server names them in that page's policy, so nothing else inline
 * ever runs.
 */
export interface InlineHashes {
  script: string[]
  style: string[]
}

/** `builds/csp.json`: the template's hashes (every HTML file) and each route's own. */
export interface CspManifest {
  template: InlineHashes
  routes: Record<string, Partial<InlineHashes>>
}

export const CSP_MANIFEST = 'builds/csp.json'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * Hashes of the inline `<script>` (without `src`) and `<style>` elements of HTML the
 * build wrote, over their text exactly as in the file: browsers hash raw text
 * element contents without decoding entities.
 */
export function inlineHashes(html: string): InlineHashes {
  const script = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => sha256(m[1] ?? ''))
  const style = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1] ?? ''))
  return { script: [...new Set(script)], style: [...new Set(style)] }
}

/** The hashes of a page's HTML that the template's do not cover: its own inline elements. */
export function ownHashes(html: string, template: InlineHashes): InlineHashes {
  const all = inlineHashes(html)
  return { script: all.script.filter((h) => !template.script.includes(h)), style: all.style.filter((h) => !template.style.includes(h)) }
}

/** A page's hashes: the template's and its own, without repeats. */
export function pageHashes(manifest: CspManifest | undefined, route: string | undefined): InlineHashes {
  if (!manifest) return { script: [], style: [] }
  const own = route ? manifest.routes[route] : undefined
  return {
    script: [...new Set([...manifest.template.script, ...(own?.script ?? [])])],
    style: [...new Set([...manifest.template.style, ...(own?.style ?? [])])],
  }
}
