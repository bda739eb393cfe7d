/**
 * The site's colours from `site.config` `theme`: a brand colour (and a neutral palette
 * and a radius) become every colour token of src/styles/tokens.css, light and dark,
 * with the text and boundary shades fitted for WCAG AA. Pure: the Vite side writes the
 * tokens into the app's CSS (content-build/vite/theme-plugin.ts), the content build
 * draws the icons and social image with them.
 *
 * Scales are made in OKLCH (perceptual lightness) and written as hex. Where a derived
 * shade fails its contrast (`CONTRAST_RULES`), its lightness moves, hue and chroma kept,
 * until it passes: a bright yellow brand gets a dark olive text shade in light mode.
 */

import { contrast, HEX_COLOR, oklchHex, parseCssColor, parseHex, type Rgb, toOklch, translucent } from './color-math.ts'

/** What `theme.primary` and a `theme.neutral` colour must look like. */
export { HEX_COLOR }

export const neutralNames = ['slate', 'gray', 'zinc', 'neutral', 'stone'] as const
export type NeutralName = (typeof neutralNames)[number]

export interface Theme {
  /** The brand colour, `#00a3a3`: solid buttons are this colour exactly. */
  primary: string
  /** A named neutral palette or a colour whose hue tints the greys. */
  neutral: NeutralName | string
  /** The base corner radius (`--radius`), a CSS length. */
  radius: string
}

export const DEFAULT_THEME: Theme = { primary: '#00dc82', neutral: 'slate', radius: '0.375rem' }

export const STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const

/** Moves `hex`'s lightness (darker in light mode, lighter in dark) until it has `ratio` against every background. */
function fit(hex: string, backgrounds: readonly Rgb[], ratio: number, darker: boolean): string {
  const start = toOklch(parseHex(hex))
  for (let l = start.l; l >= 0 && l <= 1; l += darker ? -0.005 : 0.005) {
    const candidate = l === start.l ? hex : oklchHex({ ...start, l })
    if (backgrounds.every((bg) => contrast(parseHex(candidate), bg) >= ratio)) return candidate
  }
  // Pure black or white: no other shade of this hue can do better.
  return darker ? '#000000' : '#ffffff'
}

const SCALE_LIGHTNESS = [0.971, 0.936, 0.885, 0.811, 0.722, 0.637, 0.555, 0.474, 0.402, 0.338, 0.262]
const SCALE_CHROMA = [0.12, 0.25, 0.45, 0.7, 0.9, 1, 1, 0.9, 0.78, 0.64, 0.5]

/** A 50..950 scale of `hex`'s hue in OKLCH: fixed lightness per step, its chroma shaped around the middle steps. */
export function colorScale(hex: string): string[] {
  const { c, h } = toOklch(parseHex(hex))
  return STEPS.map((_, i) => oklchHex({ l: SCALE_LIGHTNESS[i] ?? 0.5, c: c * (SCALE_CHROMA[i] ?? 1), h }))
}

/** Tailwind CSS's grey palettes, 50..950, so a named neutral looks as a team knows it. */
const NEUTRALS: Record<NeutralName, readonly string[]> = {
  slate: ['#f8fafc', '#f1f5f9', '#e2e8f0', '#cbd5e1', '#94a3b8', '#64748b', '#475569', '#334155', '#1e293b', '#0f172a', '#020617'],
  gray: ['#f9fafb', '#f3f4f6', '#e5e7eb', '#d1d5db', '#9ca3af', '#6b7280', '#4b5563', '#374151', '#1f2937', '#111827', '#030712'],
  zinc: ['#fafafa', '#f4f4f5', '#e4e4e7', '#d4d4d8', '#a1a1aa', '#71717a', '#52525b', '#3f3f46', '#27272a', '#18181b', '#09090b'],
  neutral: ['#fafafa', '#f5f5f5', '#e5e5e5', '#d4d4d4', '#a3a3a3', '#737373', '#525252', '#404040', '#262626', '#171717', '#0a0a0a'],
  stone: ['#fafaf9', '#f5f5f4', '#e7e5e4', '#d6d3d1', '#a8a29e', '#78716c', '#57534e', '#44403c', '#292524', '#1c1917', '#0c0a09'],
}
/** Slate's lightness per step, for a neutral given as a colour. */
const NEUTRAL_LIGHTNESS = [0.984, 0.968, 0.929, 0.869, 0.711, 0.554, 0.446, 0.372, 0.279, 0.208, 0.129]

const isNeutralName = (name: string): name is NeutralName => neutralNames.some((n) => n === name)

function neutralScale(neutral: string): readonly string[] {
  if (isNeutralName(neutral)) return NEUTRALS[neutral]
  // A tint, not a colour: greys keep at most a little of its chroma.
  const { c, h } = toOklch(parseHex(neutral))
  return NEUTRAL_LIGHTNESS.map((l, i) => oklchHex({ l, c: Math.min(c, 0.045) * (i < 3 ? 0.3 + i * 0.2 : 1), h }))
}

/** Status colours (SPEC: info blue, success green, warning yellow, error red, important violet) and their starting text shades. */
const STATUS = {
  secondary: { base: '#3b82f6', text: ['#1d4ed8', '#93c5fd'], soft: undefined },
  info: { base: '#0ea5e9', text: ['#0369a1', '#7dd3fc'], soft: ['#f0f9ff', 12] },
  success: { base: '#22c55e', text: ['#15803d', '#86efac'], soft: ['#f0fdf4', 12] },
  warning: { base: '#eab308', text: ['#a16207', '#fde047'], soft: ['#fefce8', 12] },
  error: { base: '#ef4444', text: ['#b91c1c', '#fca5a5'], soft: ['#fef2f2', 12] },
  important: { base: '#8b5cf6', text: ['#6d28d9', '#c4b5fd'], soft: ['#f5f3ff', 14] },
} as const

/** A scale read by step: `at(950)`. */
const stepsOf =
  (scale: readonly string[]) =>
  (step: (typeof STEPS)[number]): string =>
    scale[STEPS.indexOf(step)] ?? '#808080'

export type Tokens = Record<string, string>
export type Mode = 'light' | 'dark'

/** What must contrast with what: each token against each background token, at `ratio` (WCAG AA). */
export interface ContrastRule {
  token: string
  on: readonly string[]
  ratio: number
}
const SURFACES = ['--bg', '--bg-muted', '--bg-elevated', '--bg-accented']
const TEXTS = ['--text', '--text-muted', '--text-dimmed', '--link', '--color-neutral-text', '--color-primary-text', ...Object.keys(STATUS).map((name) => `--color-${name}-text`)]
export const CONTRAST_RULES: readonly ContrastRule[] = [
  ...TEXTS.map((token) => ({ token, on: SURFACES, ratio: 4.5 })),
  ...['primary', ...Object.entries(STATUS).flatMap(([name, c]) => (c.soft ? [name] : []))].map((name) => ({
    token: `--color-${name}-text`,
    on: [`--color-${name}-soft`],
    ratio: 4.5,
  })),
  { token: '--color-primary-contrast', on: ['--color-primary-fill', '--color-primary-fill-hover'], ratio: 4.5 },
  // Boundaries and indicators: a selected tab's underline, a chip's border, the focus ring.
  ...['--color-primary', '--focus'].map((token) => ({ token, on: SURFACES.slice(0, 3), ratio: 3 })),
]

/** Every colour token per mode, as CSS values (hex, or `rgb(… / n%)` for soft tints). */
export function themeTokens(theme: Theme): Record<Mode, Tokens> {
  const brand = theme.primary.toLowerCase()
  const primary = stepsOf(colorScale(brand))
  const at = stepsOf(neutralScale(theme.neutral))
  // Dark surfaces: the neutral's darkest step's hue, a little more saturated (slate gives the demo's navy).
  const ink = toOklch(parseHex(at(950)))
  const dark = (l: number) => oklchHex({ l, c: Math.min(ink.c * 1.5, 0.08), h: ink.h })
  const surfaces: Record<Mode, Tokens> = {
    light: { '--bg': '#ffffff', '--bg-muted': at(50), '--bg-elevated': '#ffffff', '--bg-accented': at(100), '--border': at(200), '--border-accented': at(300) },
    dark: { '--bg': dark(0.132), '--bg-muted': dark(0.187), '--bg-elevated': dark(0.209), '--bg-accented': dark(0.261), '--border': dark(0.284), '--border-accented': dark(0.348) },
  }
  const modes: Record<Mode, Tokens> = { light: {}, dark: {} }
  for (const mode of ['light', 'dark'] as const) {
    const s = surfaces[mode]
    const isDark = mode === 'dark'
    const bg = parseHex(s['--bg'] ?? '#ffffff')
    const behind = SURFACES.map((name) => parseHex(s[name] ?? '#ffffff'))
    const text = (start: string, ...extra: Rgb[]) => fit(start, [...behind, ...extra], 4.5, !isDark)
    const t: Tokens = { ...s }
    t['--text'] = text(at(isDark ? 200 : 900))
    t['--text-muted'] = text(at(isDark ? 300 : 600))
    t['--text-dimmed'] = text(at(isDark ? 400 : 500))
    t['--color-neutral-text'] = text(at(isDark ? 300 : 600))
    t['--color-primary-soft'] = isDark ? translucent(brand, 10) : primary(50)
    // The brand itself where it is already dark (light mode) or light (dark mode) enough to start from.
    const brandL = toOklch(parseHex(brand)).l
    const textStart = isDark ? (brandL >= 0.72 ? brand : primary(300)) : brandL <= 0.56 ? brand : primary(600)
    t['--color-primary-text'] = text(textStart, parseCssColor(t['--color-primary-soft'], bg))
    t['--link'] = 'var(--color-primary-text)'
    t['--color-primary'] = fit(brand, behind.slice(0, 3), 3, !isDark)
    Object.assign(t, solid(brand, surfaces.dark['--bg'] ?? '#000000'))
    for (const [name, c] of Object.entries(STATUS)) {
      t[`--color-${name}`] = c.base
      if (c.soft) t[`--color-${name}-soft`] = isDark ? translucent(c.base, c.soft[1]) : c.soft[0]
      const onSoft = t[`--color-${name}-soft`]
      t[`--color-${name}-text`] = text(c.text[isDark ? 1 : 0], ...(onSoft ? [parseCssColor(onSoft, bg)] : []))
    }
    t['--focus'] = fit(isDark ? '#60a5fa' : '#2563eb', behind.slice(0, 3), 3, !isDark)
    modes[mode] = t
  }
  return modes
}

/** A solid brand surface (a primary button): the brand exactly, its hover a step away, and the text colour that reads on both. */
function solid(brand: string, ink: string): Tokens {
  const fill = parseHex(brand)
  // Black or white always reaches 4.5:1 on one side; the neutral's ink (dark mode's page) usually does too.
  const light = contrast(fill, [1, 1, 1]) > contrast(fill, [0, 0, 0])
  const color = light ? '#ffffff' : contrast(fill, parseHex(ink)) >= 4.5 ? ink : '#000000'
  const { l, c, h } = toOklch(fill)
  const hover = [l - 0.07, l + 0.07].map((lightness) => oklchHex({ l: lightness, c, h })).find((hex) => contrast(parseHex(hex), parseHex(color)) >= 4.5) ?? brand
  return { '--color-primary-fill': brand, '--color-primary-fill-hover': hover, '--color-primary-contrast': color }
}

/** The radius tokens from the base radius: 4px, 6px and 10px for the default 0.375rem. */
function radii(radius: string): Tokens {
  return { '--radius-sm': `calc(${radius} * 2 / 3)`, '--radius': radius, '--radius-lg': `calc(${radius} * 5 / 3)` }
}

/** The stylesheet of the theme: scales and light tokens on :root, the dark ones that differ on :root.dark (the colour mode's class). */
export function themeCss(theme: Theme): string {
  const { light, dark } = themeTokens(theme)
  const scales: Tokens = {}
  const primary = stepsOf(colorScale(theme.primary))
  const neutral = stepsOf(neutralScale(theme.neutral))
  for (const step of STEPS) scales[`--color-primary-${step}`] = primary(step)
  for (const step of STEPS) scales[`--color-neutral-${step}`] = neutral(step)
  const block = (selector: string, tokens: Tokens) =>
    `${selector} {\n${Object.entries(tokens)
      .map(([name, value]) => `  ${name}: ${value};`)
      .join('\n')}\n}\n`
  return `/* Generated from site.config theme (src/contract/theme.ts). */\n${block(':root', { ...scales, ...light, ...radii(theme.radius) })}${block(':root.dark', Object.fromEntries(Object.entries(dark).filter(([name, value]) => light[name] !== value)))}`
}
