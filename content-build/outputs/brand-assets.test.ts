import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { BRAND_FILES, writeBrandAssets } from './brand-assets'
import { socialImageSvg, wrap } from './social-image'

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#7c3aed"/></svg>'
const acme = {
  brand: { ...siteConfig.brand, name: 'Acme', tagline: 'Rockets & anvils', url: 'https://acme.dev', icon: { light: '/brand/acme.svg', dark: '/brand/acme-dark.svg' } },
  theme: { primary: '#7c3aed', neutral: 'zinc', radius: '0.5rem' },
}

let work: string
let dist: string
beforeEach(async () => {
  // The build keeps its record in the private folder beside dist/: both in a folder of this test's own.
  work = await mkdtemp(join(tmpdir(), 'fjord-brand-'))
  dist = join(work, 'dist')
  await put('/brand/acme.svg', ICON)
})
afterEach(() => rm(work, { recursive: true, force: true }))

async function put(path: string, data: string | Uint8Array) {
  const file = join(dist, path)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, data)
}
const read = (path: string) => readFile(join(dist, path))
/** A PNG's width and height, from its header. */
const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)]

describe('brand files', () => {
  it('are drawn from the brand icon: favicon, app icons, manifest and a 1200 × 630 social image', async () => {
    const result = await writeBrandAssets(dist, acme)
    expect(result).toEqual({ written: [...Object.values(BRAND_FILES), '/og/social.png'], supplied: [] })
    expect(await read('/favicon.svg')).toEqual(Buffer.from(ICON))
    expect(size(await read('/icon-192.png'))).toEqual([192, 192])
    expect(size(await read('/icon-512.png'))).toEqual([512, 512])
    expect(size(await read('/apple-touch-icon.png'))).toEqual([180, 180])
    expect(size(await read('/og/social.png'))).toEqual([1200, 630])
    const manifest: unknown = JSON.parse((await read('/manifest.webmanifest')).toString())
    expect(manifest).toMatchObject({
      name: 'Acme',
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    })
  })

  it('start the installed app at the base path of a site served below the root, with its icons there', async () => {
    await writeBrandAssets(dist, { ...acme, base: '/fjord/' })
    const manifest: unknown = JSON.parse((await read('/manifest.webmanifest')).toString())
    expect(manifest).toMatchObject({
      start_url: '/fjord/',
      scope: '/fjord/',
      icons: [{ src: '/fjord/icon-192.png' }, { src: '/fjord/icon-512.png' }, { src: '/fjord/favicon.svg' }],
    })
  })

  it("leave the team's own files from public/ as they are, and draw the rest", async () => {
    await put('/favicon.svg', '<svg>ours</svg>')
    await put('/og/social.png', 'a designed image')
    const result = await writeBrandAssets(dist, acme)
    expect(result.supplied).toEqual(['/favicon.svg', '/og/social.png'])
    expect(result.written).toEqual(['/apple-touch-icon.png', '/icon-192.png', '/icon-512.png', '/manifest.webmanifest'])
    expect((await read('/favicon.svg')).toString()).toBe('<svg>ours</svg>')
    // A second build still knows them for the team's, not its own to redraw.
    const again = await writeBrandAssets(dist, { ...acme, theme: { ...acme.theme, primary: '#0ea5e9' } })
    expect(again.supplied).toEqual(['/favicon.svg', '/og/social.png'])
    expect((await read('/og/social.png')).toString()).toBe('a designed image')
  })

  it('are kept while the brand is unchanged and drawn again when it changes', async () => {
    await writeBrandAssets(dist, acme)
    expect(await writeBrandAssets(dist, acme)).toEqual({ written: [], supplied: [] })
    const before = await read('/og/social.png')
    const renamed = await writeBrandAssets(dist, { ...acme, brand: { ...acme.brand, name: 'Acme Rockets' } })
    expect(renamed.written).toContain('/og/social.png')
    expect(renamed.supplied).toEqual([])
    expect((await read('/og/social.png')).equals(before)).toBe(false)
  })

  it('leave out the drawings when the icon is missing (the link check reports it), still writing the manifest', async () => {
    const result = await writeBrandAssets(dist, { ...acme, brand: { ...acme.brand, icon: { light: '/nowhere.svg', dark: '/nowhere.svg' } } })
    expect(result.written).toEqual(['/manifest.webmanifest'])
  })
})

describe('the social image', () => {
  it('shows the name, tagline and host, escaped, in the theme colours', () => {
    const svg = socialImageSvg(acme, ICON)
    expect(svg).toContain('>Acme</text>')
    expect(svg).toContain('Rockets &amp; anvils')
    expect(svg).toContain('>acme.dev</text>')
    expect(svg).toContain('fill="#7c3aed"')
    expect(svg).toContain('href="data:image/svg+xml;base64,')
  })

  it('wraps long text into lines and ends a cut one with an ellipsis', () => {
    expect(wrap('one two three four five six', 100, 10, 3)).toEqual(['one two', 'three four', 'five six'])
    const cut = wrap('one two three four five six seven eight', 100, 10, 2)
    expect(cut).toHaveLength(2)
    expect(cut[1]).toMatch(/…$/)
  })
})
