/**
 * The brand icon's SVG, drawn inline in the header rather than as an <img>.
 *
 * An SVG <img> is a document of its own: the browser builds, styles and lays out that
 * document on the page's main thread when the file arrives, for each mode's copy,
 * right when the page's first frame is being made. Drawn inline, the mark is a few
 * elements of the page and needs no request. Only a plain drawing is taken: shapes,
 * groups and their presentation attributes. An icon with anything else (ids and what
 * refers to them, styles, classes, scripts, links, images, text) stays an <img>, as it
 * was, so no file can bring markup or styles into the page.
 */

import { escapeMarkup } from '../escape.ts'

export interface BrandMark {
  viewBox: string
  /** The drawing inside the <svg>, serialized again from what was read (never the file's own text). */
  body: string
}

const SHAPES = new Set(['g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon'])
/** Read but not drawn: the mark is decorative (its link or heading names it). */
const SKIPPED = new Set(['title', 'desc'])
const PRESENTATION = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'transform',
  'shape-rendering',
  'vector-effect',
])
const GEOMETRY = new Set(['d', 'x', 'y', 'width', 'height', 'rx', 'ry', 'cx', 'cy', 'r', 'x1', 'y1', 'x2', 'y2', 'points', 'pathLength'])
/** The root's own attributes that say nothing about the drawing; its presentation attributes are kept on a group. */
const ROOT_ONLY = new Set(['xmlns', 'version', 'viewBox', 'width', 'height', 'xml:space'])

const NAME = '[A-Za-z_][\\w.:-]*'
const TOKEN = new RegExp(`<\\?xml[^?]*\\?>|<!--[\\s\\S]*?-->|<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>|([^<]+)|(<)`, 'g')
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g')
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,6})|#x([\da-fA-F]{1,6}));/g
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(value: string): string | undefined {
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d{1,6}|#x[\da-fA-F]{1,6});)/.test(value)) return undefined
  return value.replace(ENTITY, (_, named: string | undefined, dec: string | undefined, hex: string | undefined) =>
    named ? NAMED[named]! : String.fromCodePoint(Number.parseInt(dec ?? hex!, dec ? 10 : 16)),
  )
}

/** A value that draws and refers to nothing: no `url(…)` (ids of this page), no script. */
const plainValue = (value: string) => !/url\s*\(|javascript:|expression\s*\(/i.test(value)

function attributesOf(source: string): Map<string, string> | undefined {
  const attributes = new Map<string, string>()
  for (const [, name, double, single] of source.matchAll(ATTRIBUTE)) {
    const value = decode(double ?? single ?? '')
    if (value === undefined || attributes.has(name!)) return undefined
    attributes.set(name!, value)
  }
  return attributes
}

function serialize(name: string, attributes: Map<string, string>): string {
  return `<${name}${[...attributes].map(([key, value]) => ` ${key}="${escapeMarkup(value)}"`).join('')}`
}

/** `viewBox` as given, or made from a plain width and height; undefined when neither says the drawing's box. */
function viewBoxOf(attributes: Map<string, string>): string | undefined {
  const given = attributes.get('viewBox')?.trim()
  if (given) return /^-?[\d.]+([ ,]+-?[\d.]+){3}$/.test(given) ? given.replace(/[ ,]+/g, ' ') : undefined
  const [width, height] = [attributes.get('width'), attributes.get('height')]
  return width && height && /^[\d.]+(px)?$/.test(width) && /^[\d.]+(px)?$/.test(height) ? `0 0 ${Number.parseFloat(width)} ${Number.parseFloat(height)}` : undefined
}

/** The mark an SVG file draws, or undefined when the file is anything but a plain drawing (see above). */
export function brandMarkOf(svg: string): BrandMark | undefined {
  const open: string[] = []
  const body: string[] = []
  let skipping = 0
  let viewBox: string | undefined
  let rootGroup = false
  let closed = false
  for (const [, slash, name, attributeSource, selfClosing, text, stray] of svg.matchAll(TOKEN)) {
    if (stray !== undefined) return undefined
    if (text !== undefined) {
      if (text.trim() && !skipping) return undefined
      continue
    }
    if (!name) continue // the XML declaration or a comment
    if (closed) return undefined
    if (slash) {
      if (open.pop() !== name) return undefined
      if (SKIPPED.has(name)) skipping--
      else if (open.length === 0) {
        closed = true
        if (rootGroup) body.push('</g>')
      } else if (!skipping) body.push(`</${name}>`)
      continue
    }
    const attributes = attributesOf(attributeSource ?? '')
    if (!attributes || [...attributes.values()].some((value) => !plainValue(value))) return undefined
    if (open.length === 0) {
      if (name !== 'svg' || selfClosing) return undefined
      viewBox = viewBoxOf(attributes)
      if (!viewBox) return undefined
      const drawing = new Map([...attributes].filter(([key]) => !ROOT_ONLY.has(key)))
      if ([...drawing.keys()].some((key) => !PRESENTATION.has(key))) return undefined
      rootGroup = drawing.size > 0
      if (rootGroup) body.push(`${serialize('g', drawing)}>`)
      open.push(name)
      continue
    }
    if (SKIPPED.has(name)) {
      if (!selfClosing) {
        open.push(name)
        skipping++
      }
      continue
    }
    if (skipping) continue
    if (!SHAPES.has(name) || [...attributes.keys()].some((key) => !PRESENTATION.has(key) && !GEOMETRY.has(key))) return undefined
    body.push(`${serialize(name, attributes)}${selfClosing ? '/>' : '>'}`)
    if (!selfClosing) open.push(name)
  }
  if (!closed) return undefined
  return { viewBox: viewBox!, body: body.join('') }
}
