/**
 * MDC components the renderer knows. The content build warns (file and line) about
 * any other component name; the renderer draws an unknown component's content in a
 * frame labelled with its name. Keep this list in step with the renderer's component map.
 */
export const calloutTypes = ['note', 'tip', 'important', 'warning', 'caution'] as const
export type CalloutType = (typeof calloutTypes)[number]

export const mdcComponents = [
  ...calloutTypes,
  'callout',
  'code-group',
  'code-tree',
  'code-preview',
  'button',
  'code-collapse',
  'read-more',
  'card',
  'card-group',
  'steps',
  'tabs',
  'tabs-item',
  'accordion',
  'accordion-item',
  'field',
  'field-group',
  'badge',
  'kbd',
  'icon',
  'collapsible',
  'video',
  // The site's MCP endpoint with a copy button, or on a static site why it has none (components/markdown/mcp-endpoint.tsx).
  'mcp-endpoint',
  // MDC's own inline span: `[text]{.class}`.
  'span',
] as const

const known: ReadonlySet<string> = new Set(mdcComponents)

/**
 * Nuxt UI registers its blocks under prose names too (`::prose-note`, `::prose-steps`),
 * which docs written for it use: each is the block of the same name here.
 */
const aliases: ReadonlyMap<string, string> = new Map(mdcComponents.filter((name) => name !== 'span').map((name) => [`prose-${name}`, name]))

/**
 * HTML elements a component may name (`:br`, `::div`, `:sup[2]`, `:abbr[CSS]{title="…"}`),
 * drawn as those elements. An explicit safe list: nothing that runs code or loads a
 * document (script, style, iframe, object, embed), no form controls, no headings or
 * `pre` (the build numbers those to match ids and highlighted code). Names here that are
 * also components above (`kbd`, `span`, `button`, `video`) are the components.
 */
export const htmlComponents = [
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'cite',
  'code',
  'data',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'strong',
  'sub',
  'summary',
  'sup',
  'time',
  'u',
  'ul',
  'var',
  'wbr',
] as const

const html: ReadonlySet<string> = new Set(htmlComponents)

/** HTML-named components that mean something with neither content nor attributes (`:br`, `:hr`). */
export const emptyHtmlComponents: ReadonlySet<string> = new Set(['br', 'hr', 'wbr'])

/**
 * The attributes an HTML-named component keeps, as authors write them; any other
 * (event handlers, `style`, bound `:props`) is dropped. URL attributes (`href`, `src`,
 * `cite`) then go through the same transform as Markdown links.
 */
const htmlAttributes: Readonly<Record<string, readonly string[]>> = {
  '*': ['id', 'class', 'title', 'lang', 'dir'],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  time: ['datetime'],
  data: ['value'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  details: ['open'],
}

export function isHtmlAttribute(element: string, attribute: string): boolean {
  const name = attribute.toLowerCase()
  return Boolean(htmlAttributes['*']?.includes(name) || htmlAttributes[element]?.includes(name))
}

/**
 * The name a component is drawn as: a known component's own name, the block an alias
 * stands for, an HTML element of the safe list; undefined for a component the site does
 * not know. (The site's own components, `content.components`, come before all of these.)
 */
export function componentName(name: string): string | undefined {
  if (known.has(name)) return name
  return aliases.get(name) ?? (html.has(name) ? name : undefined)
}

export function isKnownComponent(name: string): boolean {
  return componentName(name) !== undefined
}

/** Whether a known component name is an HTML element of the safe list rather than one of the dialect's components. */
export function isHtmlComponent(name: string): boolean {
  return !known.has(name) && html.has(name)
}

/** Attributes of MDC components that hold a link target and are resolved and checked like Markdown links. */
export const linkAttributes = ['to', 'href'] as const

/**
 * Props of MDC components that hold a URL. The renderer passes each through the same
 * transform as Markdown links (a `javascript:` URL becomes empty), whatever the
 * component, so no prop reaches the DOM as an executable link.
 */
export const componentUrlProps = ['to', 'href', 'src', 'poster', 'link', 'url', 'image'] as const
