/**
 * The HTML real docs trees write inside Markdown (GitHub-style READMEs and docs sites):
 * anchors (`<a id="x"></a>`, `<a name="x">Label</a>`), links (`<a href="…">…</a>`),
 * line breaks and images. The renderer shows raw HTML as text, never as markup, so the
 * build rewrites these into the Markdown and MDC syntax that means the same thing:
 *
 * - `<a id="x"></a>` → `[]{id="x"}` (an empty span with that id, an anchor links can reach);
 * - `<a id="x">` … `</a>` → `[` … `]{id="x"}` (a span with that id around the text);
 * - `<a href="/y">` … `</a>` → `[` … `](/y)` (a Markdown link, resolved and checked);
 * - `<img src="/z.png" alt="Z">` → `![Z](/z.png)`.
 *
 * Anything else stays as written: the renderer draws `<br>` as a line break and shows
 * the rest as text.
 */

export type InlineHtml =
  { kind: 'anchor'; id: string } | { kind: 'open-anchor'; id: string } | { kind: 'open-link'; href: string } | { kind: 'close-a' } | { kind: 'img'; src: string; alt: string }

/** `id="x"`, `name='x'`, `href=x`: an element's attributes by lower-case name. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const match of tag.matchAll(/([a-zA-Z][\w:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    found.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '')
  }
  return found
}

const OPEN_A = /^<a(\s[^>]*)?>$/i
const EMPTY_A = /^<a(\s[^>]*)?>\s*<\/a\s*>$/i
const SELF_CLOSING_A = /^<a(\s[^>]*?)\/>$/i
const CLOSE_A = /^<\/a\s*>$/i
const IMG = /^<img(\s[^>]*?)\/?>$/i

/** What an HTML node of a Markdown tree is, when it is one of the forms above. */
export function readInlineHtml(value: string): InlineHtml | undefined {
  const html = value.trim()
  if (CLOSE_A.test(html)) return { kind: 'close-a' }
  const img = IMG.exec(html)
  if (img) {
    const attrs = attributes(img[1] ?? '')
    const src = attrs.get('src')
    return src ? { kind: 'img', src, alt: attrs.get('alt') ?? '' } : undefined
  }
  const anchor = EMPTY_A.exec(html) ?? SELF_CLOSING_A.exec(html)
  const open = anchor ? undefined : OPEN_A.exec(html)
  const attrs = attributes((anchor ?? open)?.[1] ?? '')
  const id = attrs.get('id') || attrs.get('name')
  const href = attrs.get('href')
  if (anchor) return id && ID.test(id) ? { kind: 'anchor', id } : undefined
  if (!open) return undefined
  if (href) return { kind: 'open-link', href }
  return id && ID.test(id) ? { kind: 'open-anchor', id } : undefined
}

/** Ids kept: what can be written in an MDC attribute and linked to as a fragment. */
const ID = /^[\w.:-]+$/

/** The MDC attributes that give a span an id: `{id="x"}`. */
export function idAttribute(id: string): string {
  return `{id="${id}"}`
}

/** A link destination as Markdown writes it: in angle brackets when it holds spaces or brackets. */
export function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replaceAll('<', '%3C').replaceAll('>', '%3E')}>` : url
}

/** Text for the alt of a Markdown image: brackets and backslashes escaped. */
export function altText(alt: string): string {
  return alt.replace(/[\\[\]]/g, (c) => `\\${c}`)
}
