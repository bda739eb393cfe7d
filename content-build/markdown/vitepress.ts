/**
 * VitePress's Markdown extensions, rewritten to the MDC the renderer knows, line for
 * line (so every warning still points at the author's line):
 * - `::: tip|info|warning|danger|details|note|important|caution [title]` … `:::`
 *   containers, nested with more colons, become callouts (`info` a note, `danger` a
 *   caution) or a collapsible (`details`), the title kept;
 * - `<Badge type="tip" text="v3" />` and `<Badge>beta</Badge>` become `:badge[…]`;
 * - `[[toc]]` is dropped: every docs page shows its table of contents beside it.
 * Fenced code is left alone.
 */
const OPEN = /^([ \t]*)(:{3,})[ \t]*(tip|info|warning|danger|details|note|important|caution)\b[ \t]*(.*?)[ \t]*$/
const CLOSE = /^([ \t]*)(:{3,})[ \t]*$/
const FENCE = /^[ \t]*(`{3,}|~{3,})/
const BADGE = /<Badge\b([^>]*?)(?:\/>|>([^<]*)<\/Badge>)/g
const KIND: Record<string, string> = { info: 'note', danger: 'caution', details: 'collapsible' }
const BADGE_COLOR: Record<string, string> = { info: 'info', tip: 'primary', warning: 'warning', danger: 'error' }

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`).exec(attributes)?.[2]

export function hasVitepressSyntax(source: string): boolean {
  return /^[ \t]*:{3,}[ \t]*(tip|info|warning|danger|details|note|important|caution)\b|<Badge\b|^\[\[toc\]\][ \t]*$/m.test(source)
}

export function vitepressToMdc(source: string): string {
  if (!hasVitepressSyntax(source)) return source
  const lines = source.split('\n')
  let fence: string | undefined
  // The colon runs of the containers open at this point, outermost first.
  const open: number[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const marker = FENCE.exec(line)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined
      continue
    }
    if (marker) {
      fence = marker
      continue
    }
    const opening = OPEN.exec(line)
    if (opening) {
      const [, indent = '', colons = ':::', type = 'tip', title = ''] = opening
      const kind = KIND[type] ?? type
      const attrs = title ? `{${kind === 'collapsible' ? 'name' : 'title'}=${quote(title)}}` : ''
      lines[i] = `${indent}${':'.repeat(2 + open.length)}${kind}${attrs}`
      open.push(colons.length)
      continue
    }
    const closing = CLOSE.exec(line)
    if (closing && open.length && (closing[2]?.length ?? 0) >= (open.at(-1) ?? 3)) {
      open.pop()
      lines[i] = `${closing[1] ?? ''}${':'.repeat(2 + open.length)}`
      continue
    }
    if (line.trim() === '[[toc]]') {
      lines[i] = ''
      continue
    }
    if (line.includes('<Badge')) {
      lines[i] = line.replace(BADGE, (_, attributes: string, inner?: string) => {
        const label = (inner ?? attribute(attributes, 'text') ?? '').trim()
        const color = BADGE_COLOR[attribute(attributes, 'type') ?? 'tip'] ?? 'primary'
        return `:badge[${label.replace(/[[\]]/g, '\\$&')}]{color=${quote(color)}}`
      })
    }
  }
  return lines.join('\n')
}
