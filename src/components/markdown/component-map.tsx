import { Children, isValidElement, type ReactElement, type ReactNode } from 'react'
import type { Components, ExtraProps } from 'react-markdown'
import siteComponents from 'virtual:fjord-content-components'

import { sitePath } from '@/config/site'
import type { PageBody } from '@/contract/content/body'
import { mdcComponents } from '@/contract/content/mdc-components'
import { useWords } from '@/lib/ui-words'

import { Icon } from '../ui/icon'
import { Tabs } from '../ui/tabs/tabs'
import type { HastNode } from './body-tree'
import { callouts } from './callout'
import { CodeBlock } from './code-block'
import { McpEndpoint } from './mcp-endpoint'
import { UNKNOWN_BLOCK, UNKNOWN_INLINE } from './mdc-elements'
import { UnknownBlock, UnknownInline } from './mdc-frame'
import { SmartLink } from './smart-link'

const inline = new Set(['badge', 'kbd', 'span'])

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined
}

/** `/docs/4.x/guide/concepts/rendering` → `Rendering`: a readable name for a link without one. */
function pageName(to: string): string {
  const last = to.split('#')[0]?.split('/').filter(Boolean).pop() ?? to
  return last.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
}

type Props<T = object> = T & ExtraProps & { children?: ReactNode; [attribute: string]: unknown }

/** `::tabs`: its items' labels, or the page's language's "Tab 1", "Tab 2"… where an item has none. */
function LabelledTabs({ children }: { children?: ReactNode }) {
  const say = useWords()
  const items = Children.toArray(children)
    .filter((child): child is ReactElement<{ label?: unknown; children?: ReactNode }> => isValidElement(child))
    .map((child, i) => ({ label: text(child.props.label) ?? say('tabNumber', { n: i + 1 }), content: child.props.children }))
  return <Tabs items={items} label={say('tabs')} />
}

/** `:read-more{to=…}`: "Read more in <the page>", in the page's language. */
function ReadMore({ to, name }: { to: string; name: ReactNode }) {
  const [before, after = ''] = useWords()('readMore').split('{page}')
  return (
    <p className="read-more">
      <SmartLink to={to}>
        <span aria-hidden="true">→ </span>
        {before}
        <strong>{name}</strong>
        {after}
      </SmartLink>
    </p>
  )
}

/**
 * The one whitelisted component map a body is drawn with: Markdown's elements (code
 * blocks, headings with their anchors, links that prefetch, tables that scroll), the
 * MDC components of the dialect (HTML-named ones are those elements), and the site's own
 * components. A component the dialect does not know reaches it as a labelled frame
 * (mdc-elements.ts); Markdown's elements outside the whitelist were unwrapped to their
 * content (body-tree.ts).
 */
export function createComponents(body: PageBody): Components {
  const codeAt = (node: HastNode | undefined) => {
    const index = Number(node?.properties?.dataCodeIndex)
    return Number.isInteger(index) ? body.code[index] : undefined
  }

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
      return (
        <img src={sitePath(source)} srcSet={retina ? `${sitePath(source)} 1x, ${sitePath(retina)} 2x` : undefined} alt={alt ?? ''} title={title} loading="lazy" decoding="async" />
      )
    },
  }

  /**
   * Nuxt UI's code group: each child a tab, a code block named by its filename (else its
   * language), anything else (a `::code-preview`) by its `label`.
   */
  const codeTabs = (children: ReactNode, label: string) => {
    const items = Children.toArray(children)
      .filter((child): child is ReactElement<Props> => isValidElement(child))
      .flatMap((child, i) => {
        const node = child.props.node as HastNode | undefined
        if (node?.tagName !== 'pre') return [{ label: text(child.props.label) ?? `Tab ${i + 1}`, content: child }]
        const block = codeAt(node)
        return block ? [{ label: block.filename ?? block.lang ?? `Tab ${i + 1}`, content: <CodeBlock block={block} palette={body.palette} inGroup /> }] : []
      })
    return <Tabs items={items} label={label} />
  }

  const mdc: Record<string, (props: Props) => ReactNode> = {
    'code-group': ({ children }) => codeTabs(children, 'Code examples'),
    // A file tree of code blocks (Nuxt UI's code-tree): each file a tab, named by its path.
    'code-tree': ({ children }) => codeTabs(children, 'Files'),
    // Nuxt UI's code preview: what the code draws, then the code (its `#code` slot).
    'code-preview': ({ label, children }) => {
      const parts = Children.toArray(children)
      const isCode = (child: ReactNode) => isValidElement<Props>(child) && (child.props.node as HastNode | undefined)?.properties?.slot === 'code'
      const code = parts.filter(isCode)
      return (
        <div className="code-preview">
          <div className="code-preview-render" role="group" aria-label={text(label) ?? 'Preview'}>
            {parts.filter((child) => !isCode(child))}
          </div>
          {code.length ? <div className="code-preview-code">{code}</div> : null}
        </div>
      )
    },
    'component-slot': ({ children }) => <>{children}</>,
    // A video embed: a link card to the video with its poster, no third-party player.
    video: ({ src, poster, title, children }) => {
      const url = text(src)
      if (!url) return <>{children}</>
      const image = text(poster)
      return (
        <SmartLink to={url} className="video-card">
          {image ? <img src={sitePath(image)} alt="" loading="lazy" decoding="async" /> : null}
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
    tabs: ({ children }) => <LabelledTabs>{children}</LabelledTabs>,
    'tabs-item': ({ children }) => <>{children}</>,
    'read-more': ({ to, title, children }) => {
      const target = text(to)
      if (!target) return <>{children}</>
      return <ReadMore to={target} name={text(title) ?? (children || pageName(target))} />
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
    // Nuxt UI's accordion: its items, each a disclosure named by its label.
    accordion: ({ children }) => <div className="accordion">{children}</div>,
    'accordion-item': ({ label, icon, children }) => (
      <details className="collapsible accordion-item">
        <summary>
          {text(icon) ? <Icon name={text(icon) ?? ''} /> : null}
          {text(label) ?? 'Show more'}
        </summary>
        {children}
      </details>
    ),
    icon: ({ name }) => (text(name) ? <Icon name={text(name) ?? ''} /> : null),
    'mcp-endpoint': () => <McpEndpoint />,
    // `[text]{#id}` / `[]{id="x"}` (an HTML anchor in the source): the id is a link target.
    span: ({ id, children }) => <span id={text(id)}>{children}</span>,
    [UNKNOWN_BLOCK]: UnknownBlock,
    [UNKNOWN_INLINE]: UnknownInline,
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
