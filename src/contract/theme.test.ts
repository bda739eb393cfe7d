import { describe, expect, it } from 'vitest'

import config from '../../site.config'
import { contrast, parseCssColor, parseHex } from './color-math'
import { siteConfigSchema } from './site-schema'
import { colorScale, CONTRAST_RULES, STEPS, type Theme, themeCss } from './theme'

/** The declarations of each block of the generated stylesheet; dark mode inherits :root's, as in the browser. */
function tokensOf(css: string): { light: Map<string, string>; dark: Map<string, string> } {
  const block = (selector: string) => {
    const body = new RegExp(`^${selector.replace('.', '\\.')} \\{\\n([^}]*)\\}`, 'm').exec(css)?.[1] ?? ''
    return new Map([...body.matchAll(/^\s*(--[\w-]+): ([^;]+);$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']))
  }
  const light = block(':root')
  return { light, dark: new Map([...light, ...block(':root.dark')]) }
}

/** A token's colour as the browser paints it: `var()` followed, translucent tints laid over the page background. */
function paint(tokens: Map<string, string>, name: string): [number, number, number] {
  let value = tokens.get(name)
  for (let ref = /^var\((--[\w-]+)\)$/.exec(value ?? ''); ref; ref = /^var\((--[\w-]+)\)$/.exec(value ?? '')) value = tokens.get(ref[1] ?? '')
  if (!value) throw new Error(`${name} is not in the generated tokens`)
  const bg = tokens.get('--bg')
  return [...parseCssColor(value, bg ? parseHex(bg) : [1, 1, 1])]
}

const BRANDS = {
  'the demo green': '#00dc82',
  teal: '#00a3a3',
  'a light yellow': '#facc15',
  'pure yellow': '#ffff00',
  'a dark indigo': '#1e1b4b',
  black: '#000000',
  white: '#ffffff',
  'a mid grey': '#808080',
  rose: '#e11d48',
}

describe('theme tokens', () => {
  for (const [label, primary] of Object.entries(BRANDS)) {
    for (const neutral of ['slate', 'stone', 'zinc', '#7c3aed']) {
      it(`meet WCAG AA in both modes for ${label} (${primary}) on ${neutral}`, () => {
        const theme: Theme = { primary, neutral, radius: '0.5rem' }
        const modes = tokensOf(themeCss(theme))
        const failures: string[] = []
        for (const [mode, tokens] of Object.entries(modes)) {
          for (const rule of CONTRAST_RULES) {
            for (const on of rule.on) {
              const ratio = contrast(paint(tokens, rule.token), paint(tokens, on))
              if (ratio < rule.ratio) failures.push(`${mode}: ${rule.token} on ${on} is ${ratio.toFixed(2)}:1, under ${rule.ratio}:1`)
            }
          }
        }
        expect(failures).toEqual([])
      })
    }
  }

  it('keep the brand colour exactly for solid surfaces, with text that reads on it', () => {
    for (const primary of Object.values(BRANDS)) {
      const { light, dark } = tokensOf(themeCss({ primary, neutral: 'slate', radius: '6px' }))
      expect(light.get('--color-primary-fill')).toBe(primary)
      expect(dark.get('--color-primary-fill')).toBe(primary)
    }
  })

  it('move a shade that would fail along its own hue: yellow text in light mode is a dark yellow', () => {
    const { light, dark } = tokensOf(themeCss({ primary: '#facc15', neutral: 'slate', radius: '6px' }))
    const text = light.get('--color-primary-text') ?? ''
    expect(text).not.toBe('#facc15')
    const [r, g, b] = parseHex(text)
    // Still yellow (red and green well above blue), now dark enough to read on white.
    expect(Math.min(r, g)).toBeGreaterThan(b * 2)
    expect(contrast(parseHex(text), [1, 1, 1])).toBeGreaterThanOrEqual(4.5)
    // In dark mode the yellow itself reads.
    expect(dark.get('--color-primary-text')).toBe('#facc15')
  })

  it("give the demo's config today's look: its green, slate greys and navy dark background", () => {
    const { light, dark } = tokensOf(themeCss({ primary: '#00dc82', neutral: 'slate', radius: '0.375rem' }))
    expect(light.get('--color-primary-fill')).toBe('#00dc82')
    expect(dark.get('--color-primary-text')).toBe('#00dc82')
    expect(light.get('--bg-muted')).toBe('#f8fafc')
    expect(light.get('--text')).toBe('#0f172a')
    const navy = parseHex('#020420')
    expect(parseHex(dark.get('--bg') ?? '').every((v, i) => Math.abs(v - (navy[i] ?? 0)) < 4 / 255)).toBe(true)
    expect([light.get('--radius-sm'), light.get('--radius'), light.get('--radius-lg')]).toEqual(['calc(0.375rem * 2 / 3)', '0.375rem', 'calc(0.375rem * 5 / 3)'])
  })

  it('derive an 11-step scale from light to dark in the brand hue', () => {
    const scale = colorScale('#00a3a3')
    expect(scale).toHaveLength(STEPS.length)
    const lum = scale.map((hex) => contrast(parseHex(hex), [0, 0, 0]))
    expect(lum).toEqual([...lum].sort((a, b) => b - a))
    const css = themeCss({ primary: '#00a3a3', neutral: 'gray', radius: '0' })
    for (const step of STEPS) {
      expect(css).toContain(`--color-primary-${step}: `)
      expect(css).toContain(`--color-neutral-${step}: `)
    }
  })
})

describe('theme in site.config', () => {
  const parse = (theme: unknown) => siteConfigSchema.safeParse({ ...config, theme })

  it('defaults the neutral and radius and keeps the brand colour', () => {
    const result = parse({ primary: '#00a3a3' })
    expect(result.success && result.data.theme).toEqual({ primary: '#00a3a3', neutral: 'slate', radius: '0.375rem' })
  })

  it('names the field of a bad value and says what is expected', () => {
    const result = parse({ primary: 'teal', neutral: 'blue', radius: '8' })
    const problems = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    expect(problems).toEqual([
      'theme.primary: must be a hex colour such as #00a3a3',
      'theme.neutral: must be one of slate, gray, zinc, neutral, stone or a hex colour such as #64748b',
      'theme.radius: must be a CSS length such as 0.5rem or 6px',
    ])
  })
})
