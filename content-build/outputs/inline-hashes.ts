import { createHash } from 'node:crypto'

import type { InlineHashes } from '../../src/contract/content/build-output'

/** The hashes of inline elements (the shapes live with the build's other outputs, in the contract). */

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
