import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

import { describe, expect, it } from 'vitest'

const src = join(import.meta.dirname, '..')
const root = join(src, '..')

const cssFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => join(src, file))

/** Every `property: value` of the app's stylesheets, with where it is written. */
function declarations(property: string): { where: string; value: string }[] {
  return cssFiles.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        const value = new RegExp(`(?:^|[\\s;{])${property}:\\s*([^;]+);`).exec(line)?.[1]
        return value === undefined ? [] : [{ where: `${relative(root, file)}:${index + 1}`, value: value.trim() }]
      }),
  )
}

const tokens = readFileSync(join(src, 'styles/tokens.css'), 'utf8')
const steps = [...tokens.matchAll(/--(text-[\w-]+):/g)].map((m) => m[1])

describe('the type scale', () => {
  it('is written once, in tokens.css', () => {
    expect(steps).toEqual(['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl', 'text-2xl'])
  })

  // Each size, weight and style a page uses is one more face the browser sets up before
  // its first paint: a size off the scale is a cost as well as a design slip.
  it('gives every font size as a step of the scale, relative to the text around it, or as a fluid display size', () => {
    const allowed = (value: string) => steps.some((step) => value === `var(--${step})`) || /^(inherit|[\d.]+em|clamp\(.+\))$/.test(value)
    const off = declarations('font-size').filter(({ value }) => !allowed(value))
    expect(off.map(({ where, value }) => `${where}: font-size: ${value}`)).toEqual([])
  })

  it('sets no size through the font shorthand', () => {
    const off = declarations('font').filter(({ value }) => value !== 'inherit')
    expect(off.map(({ where, value }) => `${where}: font: ${value}`)).toEqual([])
  })

  it('uses the weights 400, 500 and 600 only', () => {
    const off = declarations('font-weight').filter(({ value }) => !/^(400|500|600|inherit|normal)$/.test(value))
    expect(off.map(({ where, value }) => `${where}: font-weight: ${value}`)).toEqual([])
  })
})
