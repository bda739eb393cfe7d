/**
 * Vue-only syntax in a VitePress page, which VitePress compiles as a Vue component and
 * this site draws as Markdown: it is left out, the Markdown around and inside it kept.
 * - root-level `<script>` / `<style>` blocks (`<script setup>`, `<style module>`…);
 * - custom components: PascalCase or kebab-case tags, which are not HTML
 *   (`<ClientOnly>`, `<VPTeamMembers :members />`), the tags only, so the Markdown
 *   between `<ClientOnly>` and `</ClientOnly>` stays;
 * - `{{ expression }}` interpolations, except in an element marked `v-pre`;
 * - HTML comments, which VitePress never shows and the renderer would show as text.
 * Inline code spans are kept as written.
 */
export type VueKind = 'block' | 'component' | 'interpolation'

/** What continues from one line to the next. */
export interface VueState {
  /** Inside a `<script>` or `<style>` block, until its closing tag. */
  block?: 'script' | 'style'
  /** Inside an HTML comment, until `-->`. */
  comment?: boolean
  /** Inside a component's opening tag spread over lines, until its `>`. */
  tag?: boolean
}

const BLOCK = /^ {0,3}<(script|style)(?=[\s>]|$)[^>]*>?/i
const COMPONENT = /^<\/?([A-Z][\w.:-]*|[a-z][a-z\d]*(?:-[a-z\d]+)+)(?=[\s/>]|$)/

/**
 * One line (outside fenced code) without its Vue-only syntax; `found` hears of each
 * thing left out with its name (`<script setup>`, `ClientOnly`, `{{ count }}`).
 */
export function withoutVue(line: string, state: VueState, found: (kind: VueKind, name: string) => void): string {
  if (state.block) {
    const close = line.search(new RegExp(`</${state.block}\\s*>`, 'i'))
    if (close === -1) return ''
    state.block = undefined
    return ''
  }
  let from = 0
  if (state.comment || state.tag) {
    const end = state.comment ? line.indexOf('-->') : tagEnd(line, 0)
    if (end === -1) return ''
    from = end + (state.comment ? 3 : 1)
    state.comment = state.tag = false
  }
  const block = from === 0 ? BLOCK.exec(line) : null
  if (block) {
    const name = (block[1] ?? 'script').toLowerCase() === 'style' ? 'style' : 'script'
    found('block', block[0].trim())
    if (!new RegExp(`</${name}\\s*>`, 'i').test(line)) state.block = name
    return ''
  }
  const kept = scan(line, from, state, found)
  return kept === line ? line : kept.trim() ? kept.trimEnd() : ''
}

function scan(line: string, from: number, state: VueState, found: (kind: VueKind, name: string) => void): string {
  const vPre = /\sv-pre\b/.test(line)
  let out = ''
  let i = from
  while (i < line.length) {
    const ch = line[i]
    if (ch === '\\') {
      out += line.slice(i, i + 2)
      i += 2
    } else if (ch === '`') {
      const run = /^`+/.exec(line.slice(i))?.[0] ?? '`'
      const close = line.indexOf(run, i + run.length)
      const end = close === -1 ? i + run.length : close + run.length
      out += line.slice(i, end)
      i = end
    } else if (line.startsWith('<!--', i)) {
      const end = line.indexOf('-->', i + 4)
      if (end === -1) {
        state.comment = true
        return out
      }
      i = end + 3
    } else if (ch === '<' && COMPONENT.test(line.slice(i))) {
      const tag = COMPONENT.exec(line.slice(i))
      found('component', tag?.[1] ?? '')
      const end = tagEnd(line, i + (tag?.[0].length ?? 1))
      if (end === -1) {
        state.tag = true
        return out
      }
      i = end + 1
    } else if (ch === '{' && line[i + 1] === '{' && !vPre && line.includes('}}', i + 2)) {
      const end = line.indexOf('}}', i + 2) + 2
      found('interpolation', line.slice(i, end))
      i = end
    } else {
      out += ch
      i++
    }
  }
  return out
}

/** Where a tag opened before `from` ends: its `>` outside quoted attribute values, or -1. */
function tagEnd(line: string, from: number): number {
  let quote: string | undefined
  for (let i = from; i < line.length; i++) {
    const ch = line[i]
    if (quote) {
      if (ch === quote) quote = undefined
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '>') return i
  }
  return -1
}
