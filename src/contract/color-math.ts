/**
 * Colour arithmetic for the theme (src/contract/theme.ts): hex and sRGB, OKLCH (a
 * perceptual space: even steps of lightness look even, and a hue stays itself as its
 * lightness changes), gamut mapping, and WCAG 2 contrast. Pure, no DOM.
 */

/** A hex colour: `#0a7` or `#00aa77`. */
export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export type Rgb = readonly [number, number, number]
export interface Oklch {
  l: number
  c: number
  h: number
}

const map3 = (v: Rgb, f: (x: number, i: number) => number): Rgb => [f(v[0], 0), f(v[1], 1), f(v[2], 2)]

export const parseHex = (hex: string): Rgb => {
  const six = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex
  return map3([1, 3, 5], (i) => parseInt(six.slice(i, i + 2), 16) / 255)
}
const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(1, Math.max(0, v)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
const fromLinear = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055)

export function toOklch(rgb: Rgb): Oklch {
  const [r, g, b] = map3(rgb, toLinear)
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s
  return { l: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s, c: Math.hypot(a, bb), h: (Math.atan2(bb, a) * 180) / Math.PI }
}

/** Linear-light sRGB, possibly outside [0, 1] when the colour is out of gamut. */
function oklchToLinear({ l: L, c, h }: Oklch): Rgb {
  const a = c * Math.cos((h * Math.PI) / 180)
  const b = c * Math.sin((h * Math.PI) / 180)
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3
  return [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s, -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s, -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s]
}

/** The colour in sRGB, its chroma lowered as little as needed to fit (hue and lightness kept). */
function fromOklch(color: Oklch): Rgb {
  const inGamut = (c: number) => oklchToLinear({ ...color, c }).every((v) => v >= -1e-4 && v <= 1 + 1e-4)
  let c = color.c
  if (!inGamut(c)) {
    let low = 0
    for (let i = 0; i < 24; i++) {
      const mid = (low + c) / 2
      if (inGamut(mid)) low = mid
      else c = mid
    }
    c = low
  }
  return map3(oklchToLinear({ ...color, c }), fromLinear)
}

export const oklchHex = (color: Oklch) => toHex(fromOklch(color))

/** WCAG 2 relative luminance. */
const luminance = (rgb: Rgb) => {
  const [r, g, b] = map3(rgb, toLinear)
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

/** A CSS colour as the tokens write it (`#rrggbb`, `rgb(r g b / 10%)`), laid over `under` when translucent. */
export function parseCssColor(value: string, under: Rgb = [1, 1, 1]): Rgb {
  if (HEX_COLOR.test(value)) return parseHex(value)
  const match = /^rgb\((\d+) (\d+) (\d+) \/ (\d+(?:\.\d+)?)%\)$/.exec(value)
  if (!match) throw new Error(`not a colour the theme writes: ${value}`)
  const alpha = Number(match[4]) / 100
  return map3([1, 2, 3], (group, k) => (Number(match[group]) / 255) * alpha + (under[k] ?? 0) * (1 - alpha))
}

export const translucent = (hex: string, percent: number) =>
  `rgb(${parseHex(hex)
    .map((v) => Math.round(v * 255))
    .join(' ')} / ${percent}%)`
