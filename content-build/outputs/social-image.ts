import type { SiteConfig } from '../../src/contract/site-schema'
import { themeTokens } from '../../src/contract/theme'
import { escapeMarkup } from '../escape'

export const SOCIAL_IMAGE_WIDTH = 1200
export const SOCIAL_IMAGE_HEIGHT = 630

const FONTS = "'Public Sans', Inter, 'Liberation Sans', Arial, 'DejaVu Sans', sans-serif"

/**
 * The default Open Graph image as SVG, 1200 × 630: the brand's icon and name, its
 * tagline and description, and its address, in the theme's light colours with a band of
 * the brand colour. Text is wrapped by an estimate of its width (no font is measured),
 * which errs towards shorter lines.
 */
export function socialImageSvg(config: Pick<SiteConfig, 'brand' | 'theme'>, iconSvg: string | Uint8Array): string {
  const { light } = themeTokens(config.theme)
  const color = (name: string) => light[name] ?? '#000000'
  const { brand } = config
  const icon = `data:image/svg+xml;base64,${Buffer.from(iconSvg).toString('base64')}`
  // Widths of a wide bold and regular sans (DejaVu Sans, the usual fallback), so lines fit in most fonts.
  // A tagline that needs more than two lines at 64 px gets three at 52.
  const titleSize = wrap(brand.tagline, 1008, 64 * 0.64, 3).length > 2 ? 52 : 64
  const title = wrap(brand.tagline, 1008, titleSize * 0.64, titleSize === 64 ? 2 : 3)
  const description = wrap(brand.description, 1008, 30 * 0.55, title.length > 2 ? 2 : 3)
  const descriptionTop = 262 + title.length * titleSize * 1.15
  const lines = (texts: string[], x: number, y: number, size: number, leading: number) =>
    texts.map((text, i) => `<tspan x="${x}" y="${Math.round(y + i * size * leading)}">${escapeMarkup(text)}</tspan>`).join('')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SOCIAL_IMAGE_WIDTH} ${SOCIAL_IMAGE_HEIGHT}" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}">`,
    `<title>${escapeMarkup(`${brand.name}: ${brand.tagline}`)}</title>`,
    `<defs><radialGradient id="glow" cx="1" cy="0" r="1"><stop offset="0" stop-color="${color('--color-primary-fill')}" stop-opacity="0.28"/><stop offset="1" stop-color="${color('--bg')}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="100%" height="100%" fill="${color('--bg')}"/>`,
    `<rect width="100%" height="100%" fill="url(#glow)"/>`,
    `<image href="${icon}" x="96" y="72" width="88" height="88"/>`,
    `<text x="204" y="136" font-family="${FONTS}" font-size="56" font-weight="800" fill="${color('--text')}">${escapeMarkup(brand.name)}</text>`,
    `<text font-family="${FONTS}" font-size="${titleSize}" font-weight="700" fill="${color('--text')}">${lines(title, 96, 262, titleSize, 1.15)}</text>`,
    `<text font-family="${FONTS}" font-size="30" fill="${color('--text-muted')}">${lines(description, 96, descriptionTop + 24, 30, 1.35)}</text>`,
    `<text x="96" y="570" font-family="${FONTS}" font-size="28" font-weight="600" fill="${color('--color-primary-text')}">${escapeMarkup(new URL(brand.url).host)}</text>`,
    `<rect y="${SOCIAL_IMAGE_HEIGHT - 16}" width="100%" height="16" fill="${color('--color-primary-fill')}"/>`,
    `</svg>`,
  ].join('\n')
}

/** Words into at most `max` lines of about `width` pixels; the last line ends with an ellipsis when text is left. */
export function wrap(text: string, width: number, charWidth: number, max: number): string[] {
  const perLine = Math.max(8, Math.floor(width / charWidth))
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (next.length <= perLine || !line) line = next
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= max) return lines
  const kept = lines.slice(0, max)
  const last = kept[max - 1] ?? ''
  kept[max - 1] = `${last.length + 1 > perLine ? last.slice(0, perLine - 1).replace(/\s+\S*$/, '') : last}…`
  return kept
}

/**
 * An SVG drawn as a PNG `width` pixels wide, with the system's fonts when it has text.
 * The renderer (a native module) is loaded on the first drawing.
 */
export async function svgToPng(svg: string | Uint8Array, width: number): Promise<Uint8Array> {
  const { Resvg } = await import('@resvg/resvg-js')
  const text = (typeof svg === 'string' ? svg : Buffer.from(svg).toString()).includes('<text')
  return new Resvg(Buffer.from(svg), { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: text, defaultFontFamily: 'DejaVu Sans' } }).render().asPng()
}
