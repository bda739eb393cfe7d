/**
 * MDC components the renderer knows. The content build warns (file and line) about
 * any other component name; the renderer shows an unknown component's children.
 * Keep this list in step with the renderer's component map.
 */
export const calloutTypes = ['note', 'tip', 'important', 'warning', 'caution'] as const
export type CalloutType = (typeof calloutTypes)[number]

export const mdcComponents = [
  ...calloutTypes,
  'callout',
  'code-group',
  'code-tree',
  'button',
  'code-collapse',
  'read-more',
  'card',
  'card-group',
  'steps',
  'tabs',
  'tabs-item',
  'field',
  'field-group',
  'badge',
  'kbd',
  'icon',
  'collapsible',
  'video',
  // MDC's own inline span: `[text]{.class}`.
  'span',
] as const

const known: ReadonlySet<string> = new Set(mdcComponents)

export function isKnownComponent(name: string): boolean {
  return known.has(name)
}

/** Attributes of MDC components that hold a link target and are resolved and checked like Markdown links. */
export const linkAttributes = ['to', 'href'] as const

/**
 * Props of MDC components that hold a URL. The renderer passes each through the same
 * transform as Markdown links (a `javascript:` URL becomes empty), whatever the
 * component, so no prop reaches the DOM as an executable link.
 */
export const componentUrlProps = ['to', 'href', 'src', 'poster', 'link', 'url', 'image'] as const
