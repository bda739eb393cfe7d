/**
 * Syntax themes are tuned for their own backgrounds; on the site's code blocks some
 * token colours fall short of WCAG AA (4.5:1), e.g. github-light's orange. Each colour
 * is nudged towards black (light mode) or white (dark mode) just until it passes.
 */
export const CODE_BACKGROUND = { light: '#f8fafc', dark: '#0b0f2e' } as const
const MIN_CONTRAST = 4.5

function channels(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim())
  if (!m?.[1]) return undefined
  const n = Number.parseInt(m[1], 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

export function contrast(a: string, b: string): number {
  const x = channels(a)
  const y = channels(b)
  if (!x || !y) return Infinity
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const hex = (c: [number, number, number]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`

/** `color`, or the nearest mix of it towards black or white that reaches 4.5:1 on `background`. */
export function readableOn(color: string, background: string): string {
  if (!color || contrast(color, background) >= MIN_CONTRAST) return color
  const start = channels(color)
  const bg = channels(background)
  if (!start || !bg) return color
  const target = luminance(bg) > 0.5 ? 0 : 255
  for (let step = 1; step <= 20; step++) {
    const t = step / 20
    const mixed = hex(start.map((c) => c + (target - c) * t) as [number, number, number])
    if (contrast(mixed, background) >= MIN_CONTRAST) return mixed
  }
  return target === 0 ? '#000000' : '#ffffff'
}
