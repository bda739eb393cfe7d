import { Children, Fragment, isValidElement, memo, startTransition, useEffect, useId, useInsertionEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { jsx, jsxs } from 'react/jsx-runtime'
import type { Root as HastRoot } from 'hast'
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import type { Components, ExtraProps } from 'react-markdown'
import siteComponents from 'virtual:fjord-content-components'

import type { CodeBlock as CodeBlockData, PageBody, TokenColor } from '../../contract/content/body'
import { calloutTypes, mdcComponents } from '../../contract/content/mdc-components'
import { prefetchPage } from '../../lib/content/prefetch'
import { whenIdle } from '../../lib/idle'
import { adoptStyles } from '../../lib/style-sheet'
import { CopyButton } from '../ui/copy-button'
import { Tabs } from '../ui/tabs/tabs'
import { PrefetchLink } from '../ui/prefetch-link'
import { bodyTree, partCount, type HastNode } from './body-tree'
import { BodyParser } from './body-parser'
import './markdown.css'

/** The site's own components: elements by these names are drawn, not unwrapped. */
const siteComponentNames: ReadonlySet<string> = new Set(Object.keys(siteComponents))

/** Parsed trees by Markdown text, per part: a page read again, or warmed ahead of a click, is not parsed twice. */
const trees = new Map<string, HastRoot[]>()
const MAX_TREES = 40

function treesOf(value: string): HastRoot[] {
  let parsed = trees.get(value)
  if (parsed) trees.delete(value)
  else if (trees.size >= MAX_TREES) trees.delete(trees.keys().next().value ?? '')
  parsed ??= []
  trees.set(value, parsed)
  return parsed
}

function cachedTree(body: PageBody, part: number): HastRoot {
  return (treesOf(body.value)[part] ??= bodyTree(body, part, siteComponentNames))
}

const parser = new BodyParser()
/** Parts of bodies sent to the worker and not yet back, by text and part: each is sent once. */
const inFlight = new Map<string, Map<number, Promise<boolean>>>()

/**
 * A part of a body parsed in the worker, into the cache the renderer reads: resolves
 * true once it is there (at once if it already was), false where no worker runs.
 */
function parseInWorker(body: PageBody, part: number): Promise<boolean> {
  if (trees.get(body.value)?.[part]) return Promise.resolve(true)
  let parts = inFlight.get(body.value)
  if (!parts) inFlight.set(body.value, (parts = new Map()))
  let pending = parts.get(part)
  if (!pending) {
    pending = parser.parse(body, siteComponentNames, part).then((tree) => {
      parts.delete(part)
      if (parts.size === 0) inFlight.delete(body.value)
      if (tree) treesOf(body.value)[part] ??= tree
      return Boolean(tree)
    })
    parts.set(part, pending)
  }
  return pending
}

/**
 * How many parts of a body a link warms: the first and those drawn in the renders right
 * after it (at most 27,000 characters of Markdown a link). A page's links warm dozens of
 * bodies, kept in the cache above; a very long page's later parts are parsed while the
 * reader reads its top.
 */
export const WARMED_PARTS = 4

/**
 * Parses a body ahead of need (a prefetched link), so its click only renders: in the
 * parsing worker, off the main thread, since a page loading reads a score of the links
 * it shows ahead and parsing each would hold the main thread for tens of milliseconds
 * on a phone. A long body's first WARMED_PARTS go to the worker: its later parts are
 * drawn right after the first, and one parsed then held up the frame showing the new
 * page. Where no worker can run, the first part in an idle moment here (the others are
 * drawn a render at a time anyway). A link seen and then pointed at is warmed twice:
 * the second waits on the first.
 */
export function warmBody(body: PageBody) {
  void parseInWorker(body, 0).then((inWorker) => {
    if (!inWorker) whenIdle(() => cachedTree(body, 0))
  })
  for (let part = 1; part < Math.min(partCount(body), WARMED_PARTS); part++) void parseInWorker(body, part)
}

/** How long the first page's render waits for its body from the worker before parsing what is missing itself. */
export const PARSE_BEFORE_RENDER_TIMEOUT_MS = 1000

/**
 * The first page of a visit is drawn by the app over its prerendered copy, which the
 * reader already sees and can read. Its body is parsed in the worker (every part) before
 * the app's first render, which then only draws it: parsed there, it made most of the
 * render's one long task (about 40 ms on a fast machine for the demo's introduction, four
 * times that on a phone). Waits at most PARSE_BEFORE_RENDER_TIMEOUT_MS; whatever is not
 * back by then, or where no worker runs, the render parses as it would have.
 */
export async function parseBeforeFirstRender(body: PageBody): Promise<void> {
  if (typeof document === 'undefined' || !document.getElementById('prerendered')) return
  const parsed = Promise.all(Array.from({ length: partCount(body) }, (_, part) => parseInWorker(body, part)))
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([parsed, new Promise((resolve) => (timer = setTimeout(resolve, PARSE_BEFORE_RENDER_TIMEOUT_MS)))])
  clearTimeout(timer)
}

/** How the bodies warmed ahead were parsed, for the journeys and for anyone curious in devtools. */
export const bodyStats = parser.stats

const calloutTitles: Record<string, string> = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution', callout: 'Note' }
const inline = new Set(['badge', 'kbd', 'icon', 'span'])

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined
}

/** `/docs/4.x/guide/concepts/rendering` → `Rendering`: a readable name for a link without one. */
function pageName(to: string): string {
  const last = to.split('#')[0]?.split('/').filter(Boolean).pop() ?? to
  return last.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
}

function SmartLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  if (to.startsWith('/')) {
    return (
      <PrefetchLink to={to} prefetch={prefetchPage} className={className}>
        {children}
      </PrefetchLink>
    )
  }
  if (to.startsWith('#')) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    )
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  )
}

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
function CodeBlock({ block, palette, inGroup = false }: { block: CodeBlockData; palette: readonly TokenColor[]; inGroup?: boolean }) {
  const html = useMemo(() => codeHtml(block, palette), [block, palette])
  return (
    <div className="code-block" data-lang={block.lang}>
      {block.filename && !inGroup ? <div className="code-filename">{block.filename}</div> : null}
      <pre tabIndex={0}>
        <code dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
      <CopyButton text={codeText(block)} label="Copy code to clipboard" className="code-copy" />
    </div>
  )
}

type Props<T = object> = T & ExtraProps & { children?: ReactNode; [attribute: string]: unknown }

function createComponents(body: PageBody): Components {
  const codeAt = (node: HastNode | undefined) => {
    const index = Number(node?.properties?.dataCodeIndex)
    return Number.isInteger(index) ? body.code[index] : undefined
  }

  const callouts = Object.fromEntries(
    [...calloutTypes, 'callout'].map((type) => [
      type,
      ({ children, icon, color, title }: Props) => {
        const kind = type === 'callout' ? (text(color) ?? 'note') : type
        // A title of the author's (VitePress `::: warning Heads up`) replaces the kind's name.
        const label = text(title) ?? calloutTitles[kind] ?? calloutTitles.note
        return (
          <div className={`callout callout-${kind}`} role="note" aria-label={label} data-icon={text(icon)}>
            <p className="callout-title" aria-hidden="true">
              {label}
            </p>
            <div className="callout-body">{children}</div>
          </div>
        )
      },
    ]),
  )

  const base: Components = {
    ...callouts,
    pre: ({ node, children }) => {
      const block = codeAt(node as HastNode | undefined)
      return block ? <CodeBlock block={block} palette={body.palette} /> : <pre>{children}</pre>
    },
    h1: heading('h1'),
    h2: heading('h2'),
    h3: heading('h3'),
    h4: heading('h4'),
    h5: heading('h5'),
    h6: heading('h6'),
    a: ({ href, children }) => <SmartLink to={href ?? '#'}>{children}</SmartLink>,
    table: ({ children }) => (
      // Focusable, so a keyboard can scroll a table wider than the page.
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Table">
        <table>{children}</table>
      </div>
    ),
    img: ({ src, alt, title }) => {
      const source = typeof src === 'string' ? src : ''
      const retina = body.images?.[source]
      return <img src={source} srcSet={retina ? `${source} 1x, ${retina} 2x` : undefined} alt={alt ?? ''} title={title} loading="lazy" decoding="async" />
    },
  }

  const codeTabs = (node: unknown, label: string) => {
    const pres = ((node as HastNode | undefined)?.children ?? []).filter((child) => child.type === 'element' && child.tagName === 'pre')
    const items = pres.flatMap((pre, i) => {
      const block = codeAt(pre)
      return block ? [{ label: block.filename ?? block.lang ?? `Tab ${i + 1}`, content: <CodeBlock block={block} palette={body.palette} inGroup /> }] : []
    })
    return <Tabs items={items} label={label} />
  }

  const mdc: Record<string, (props: Props) => ReactNode> = {
    'code-group': ({ node }) => codeTabs(node, 'Code examples'),
    // A file tree of code blocks (Nuxt UI's code-tree): each file a tab, named by its path.
    'code-tree': ({ node }) => codeTabs(node, 'Files'),
    // A video embed: a link card to the video with its poster, no third-party player.
    video: ({ src, poster, title, children }) => {
      const url = text(src)
      if (!url) return <>{children}</>
      const image = text(poster)
      return (
        <SmartLink to={url} className="video-card">
          {image ? <img src={image} alt="" loading="lazy" decoding="async" /> : null}
          <span className="video-card-label">
            <span aria-hidden="true">▶ </span>
            {text(title) ?? 'Watch the video'}
          </span>
        </SmartLink>
      )
    },
    button: ({ to, href, label, children }) => {
      const target = text(to) ?? text(href)
      const content = text(label) ?? children
      return target ? (
        <SmartLink to={target} className="button button-outline button-small">
          {content}
        </SmartLink>
      ) : (
        <>{content}</>
      )
    },
    tabs: ({ children }) => {
      const items = Children.toArray(children)
        .filter((child): child is ReactElement<{ label?: unknown; children?: ReactNode }> => isValidElement(child))
        .map((child, i) => ({ label: text(child.props.label) ?? `Tab ${i + 1}`, content: child.props.children }))
      return <Tabs items={items} label="Tabs" />
    },
    'tabs-item': ({ children }) => <>{children}</>,
    'read-more': ({ to, title, children }) => {
      const target = text(to)
      if (!target) return <>{children}</>
      return (
        <p className="read-more">
          <SmartLink to={target}>
            <span aria-hidden="true">→ </span>Read more in <strong>{text(title) ?? (children || pageName(target))}</strong>
          </SmartLink>
        </p>
      )
    },
    steps: ({ children }) => <div className="steps">{children}</div>,
    card: ({ title, to, icon, children }) => {
      const content = (
        <>
          {text(title) ? <p className="card-title">{text(title)}</p> : null}
          <div className="card-body">{children}</div>
        </>
      )
      const target = text(to)
      return (
        <div className="card" data-icon={text(icon)}>
          {target ? (
            <SmartLink to={target} className="card-link">
              {content}
            </SmartLink>
          ) : (
            content
          )}
        </div>
      )
    },
    'card-group': ({ children }) => <div className="card-group">{children}</div>,
    field: ({ name, type, required, children }) => (
      <div className="field-doc">
        <p className="field-doc-head">
          <code>{text(name)}</code>
          {text(type) ? <span className="field-doc-type">{text(type)}</span> : null}
          {required !== undefined && required !== false && required !== 'false' ? <span className="badge">required</span> : null}
        </p>
        <div>{children}</div>
      </div>
    ),
    'field-group': ({ children }) => <div className="field-group">{children}</div>,
    badge: ({ children, color }) => (
      <span className="badge" data-color={text(color) === 'primary' ? undefined : text(color)}>
        {children}
      </span>
    ),
    kbd: ({ value, children }) => <kbd>{text(value) ?? children}</kbd>,
    collapsible: ({ name, children }) => (
      <details className="collapsible">
        <summary>{text(name) ?? 'Show more'}</summary>
        {children}
      </details>
    ),
    'code-collapse': ({ children }) => <div className="code-collapse">{children}</div>,
    // `[text]{#id}` / `[]{id="x"}` (an HTML anchor in the source): the id is a link target.
    span: ({ id, children }) => <span id={text(id)}>{children}</span>,
  }
  // The rest of the known components keep their content without a design of their own.
  for (const name of mdcComponents) {
    if (!(name in base) && !(name in mdc)) mdc[name] = ({ children }) => (inline.has(name) ? <span>{children}</span> : <div>{children}</div>)
  }
  return { ...base, ...(mdc as Components), ...siteComponentMap }
}

/**
 * The site's own components (`content.components` in site.config.ts), drawn with the
 * component's attributes as props (URL props already sanitised) and its content as
 * children; the parser's node stays out of their props.
 */
const siteComponentMap = Object.fromEntries(
  Object.entries(siteComponents).map(([name, Component]) => [name, ({ node: _node, ...props }: Props) => <Component {...props} />]),
) as Components

function heading(Tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
  return function Heading({ id, children }: { id?: string; children?: ReactNode }) {
    if (!id || Tag === 'h1') return <Tag id={id}>{children}</Tag>
    return (
      <Tag id={id}>
        <a href={`#${id}`} className="heading-anchor">
          {children}
        </a>
      </Tag>
    )
  }
}

/** The per-page token colours, light and dark, as classes the code blocks use. */
function paletteCss(scope: string, palette: readonly TokenColor[]): string {
  return palette.map((c, i) => `${scope} .t${i}{color:${c.light || 'inherit'}}.dark ${scope} .t${i}{color:${c.dark || 'inherit'}}`).join('')
}

/**
 * A page body: its Markdown parsed once (cached) into a tree, rendered with one
 * whitelisted component map. Memoised on the body, so a re-render of the page around
 * it (navigation state, scroll-spy) does not rebuild it. Its own chunk: the Markdown
 * parser is the app's heaviest dependency.
 *
 * The code colours go in through the CSS object model in the browser; the prerender
 * (no document) writes a `<style>` element, whose hash the build gives the page's
 * Content-Security-Policy.
 */
const MarkdownBody = memo(function MarkdownBody({ body }: { body: PageBody }) {
  const scope = `body-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const components = useMemo(() => createComponents(body), [body])
  // A long body opened by the app (not over its prerendered copy, and not for an anchor
  // further down) is parsed and drawn a part at a time: the heading paints without
  // waiting for thousands of lines below the fold, which follow one part per render.
  // (A state set after each commit rather than useDeferredValue: navigations render in
  // a transition, where a deferred value is the new one at once.)
  const count = partCount(body)
  const progressive = count > 1 && canDrawInParts()
  const [drawn, setDrawn] = useState<{ body: PageBody; parts: number } | null>(null)
  const shown = !progressive ? count : drawn?.body === body ? drawn.parts : 1
  useEffect(() => {
    if (shown < count) startTransition(() => setDrawn({ body, parts: shown + 1 }))
  }, [shown, count, body])
  const css = body.palette.length ? paletteCss(`#${scope}`, body.palette) : ''
  useInsertionEffect(() => (css ? adoptStyles(css) : undefined), [css])
  return (
    <div className="prose" data-body="" data-complete={shown === count} id={scope}>
      {css && typeof document === 'undefined' ? <style>{css}</style> : null}
      {Array.from({ length: shown }, (_, part) => (
        <BodyPart key={part} body={body} part={part} components={components} />
      ))}
    </div>
  )
})

/** One part of a body, drawn from its parsed tree. */
const BodyPart = memo(function BodyPart({ body, part, components }: { body: PageBody; part: number; components: Components }) {
  return useMemo(
    () => toJsxRuntime(cachedTree(body, part), { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true, passKeys: true, passNode: true }),
    [body, part, components],
  )
})

/** False in the prerender, over the page's prerendered copy (it would shrink under the reader) and for a link to an anchor. */
function canDrawInParts(): boolean {
  return typeof document !== 'undefined' && !document.getElementById('prerendered') && window.location.hash.length <= 1
}

export default MarkdownBody
