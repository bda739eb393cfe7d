import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import config from '../site.config'
import { themeTokens } from '../src/contract/theme'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

describe('the theme and brand files of the built site', () => {
  it("paints a page drawn by the build in the theme's colours before any script runs", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${base}/docs/4.x/getting-started/introduction`)
    const names = ['--color-primary-fill', '--color-primary-text', '--bg', '--text']
    // Each colour as #rrggbb, however the minified stylesheet spells it (#fff, a colour name).
    const painted = await page.evaluate((list) => {
      const style = getComputedStyle(document.documentElement)
      const canvas = document.createElement('canvas').getContext('2d')
      const hex = (value: string) => {
        if (!canvas) return value
        canvas.fillStyle = value
        return canvas.fillStyle
      }
      return { colors: list.map((name) => hex(style.getPropertyValue(name).trim())), radius: style.getPropertyValue('--radius').trim() }
    }, names)
    const light = themeTokens(config.theme).light
    expect(painted.colors).toEqual(names.map((name) => light[name]))
    expect(parseFloat(painted.radius)).toBe(parseFloat(config.theme.radius))
    await context.close()
  })

  it('links and serves the favicon, touch icon, manifest and social image the build drew', async () => {
    const context = await browser().newContext()
    const page = await context.newPage()
    await page.goto(`${base}/`)
    const head = await page.evaluate(() => ({
      icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
      touch: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      image: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    }))
    expect(head).toEqual({
      icon: '/favicon.svg',
      touch: '/apple-touch-icon.png',
      manifest: '/manifest.webmanifest',
      image: new URL(config.brand.socialImage, config.brand.url).href,
    })
    const fetched = async (path: string) => {
      const res = await context.request.get(base + path)
      return [path, res.status(), res.headers()['content-type']?.split(';')[0]]
    }
    expect(await Promise.all(['/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png', '/manifest.webmanifest', config.brand.socialImage].map(fetched))).toEqual([
      ['/favicon.svg', 200, 'image/svg+xml'],
      ['/apple-touch-icon.png', 200, 'image/png'],
      ['/icon-192.png', 200, 'image/png'],
      ['/icon-512.png', 200, 'image/png'],
      ['/manifest.webmanifest', 200, 'application/manifest+json'],
      [config.brand.socialImage, 200, 'image/png'],
    ])
    const manifest: unknown = await (await context.request.get(`${base}/manifest.webmanifest`)).json()
    expect(manifest).toMatchObject({ name: config.brand.name, icons: [{ src: '/icon-192.png' }, { src: '/icon-512.png' }, { src: '/favicon.svg' }] })
    await context.close()
  })
})
