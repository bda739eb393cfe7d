import { useMemo } from 'react'

import type { CodeBlock as CodeBlockData, TokenColor } from '@/contract/content/body'
import { useWords } from '@/lib/ui-words'

import { CopyButton } from '../ui/copy-button'

/*
 * Code blocks: the build highlighted them (tokens with palette numbers), so the
 * browser only writes their HTML and the page's colours for the palette.
 */

function tokenClass(color: number, palette: readonly TokenColor[]): string {
  const style = palette[color]?.fontStyle ?? 0
  return `t${color}${style & 1 ? ' ti' : ''}${style & 2 ? ' tb' : ''}${style & 4 ? ' tu' : ''}${style & 8 ? ' tx' : ''}`
}

function codeText(block: CodeBlockData): string {
  return block.lines.map((line) => line.map((token) => (typeof token === 'string' ? token : token[0])).join('')).join('\n')
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/**
 * A block's lines as HTML: escaped token text in spans whose classes are palette
 * numbers. One element for React instead of a fibre per token: a code-heavy page
 * renders in a fraction of the time, and nothing from content reaches the markup
 * unescaped.
 */
function codeHtml(block: CodeBlockData, palette: readonly TokenColor[]): string {
  const highlights = new Set(block.highlights ?? [])
  return block.lines
    .map((line, i) => {
      const tokens = line.map((token) => (typeof token === 'string' ? escapeHtml(token) : `<span class="${tokenClass(token[1], palette)}">${escapeHtml(token[0])}</span>`)).join('')
      return `<span class="${highlights.has(i + 1) ? 'line highlighted' : 'line'}">${tokens}${i < block.lines.length - 1 ? '\n' : ''}</span>`
    })
    .join('')
}

/** A fenced code block with its build-time tokens, filename and a copy button. */
export function CodeBlock({ block, palette, inGroup = false }: { block: CodeBlockData; palette: readonly TokenColor[]; inGroup?: boolean }) {
  const html = useMemo(() => codeHtml(block, palette), [block, palette])
  const say = useWords()
  return (
    <div className="code-block" data-lang={block.lang}>
      {block.filename && !inGroup ? <div className="code-filename">{block.filename}</div> : null}
      <pre tabIndex={0}>
        <code dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
      <CopyButton text={codeText(block)} label={say('copyCode')} className="code-copy" />
    </div>
  )
}

/** The per-page token colours, light and dark, as classes the code blocks use. */
export function paletteCss(scope: string, palette: readonly TokenColor[]): string {
  return palette.map((c, i) => `${scope} .t${i}{color:${c.light || 'inherit'}}.dark ${scope} .t${i}{color:${c.dark || 'inherit'}}`).join('')
}
