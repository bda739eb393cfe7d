import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { withBase } from '../../src/contract/base'
import { privateDir } from '../../src/contract/content/build-output'
import type { SiteConfig } from '../../src/contract/site-schema'
import { themeTokens } from '../../src/contract/theme'
import { SOCIAL_IMAGE_WIDTH, socialImageSvg, svgToPng } from './social-image'

/** Bump when a drawing changes, so files a build made are drawn again. */
const RENDERER = 'brand-1'

/** The icons and manifest the build makes, at the paths index.html links (docs/theming.md lists them). */
export const BRAND_FILES = {
  favicon: '/favicon.svg',
  appleTouchIcon: '/apple-touch-icon.png',
  icon192: '/icon-192.png',
  icon512: '/icon-512.png',
  manifest: '/manifest.webmanifest',
} as const

/** The brand, the theme and the base path the site is served under (`/` when absent). */
type BrandConfig = Pick<SiteConfig, 'brand' | 'theme'> & { base?: string }

/** A site file's bytes by its path (`/design-kit/icon.svg`), undefined when there is none. */
export type ReadSiteFile = (path: string) => Promise<Uint8Array | undefined>

export interface BrandAsset {
  body: Uint8Array
  type: string
}

/** Every file the build makes from the brand: the icons, the manifest and the social image. */
export function brandAssetPaths(config: BrandConfig): string[] {
  return [...Object.values(BRAND_FILES), config.brand.socialImage]
}

/**
 * One brand file drawn from the config and the brand's icon (`brand.icon.light`, read
 * with `read`): undefined when `path` is not a brand file, or when the icon is missing
 * (the build's link check reports that one).
 */
export async function renderBrandAsset(path: string, config: BrandConfig, read: ReadSiteFile): Promise<BrandAsset | undefined> {
  if (!brandAssetPaths(config).includes(path)) return undefined
  if (path === BRAND_FILES.manifest) return { body: Buffer.from(JSON.stringify(webManifest(config), null, 2)), type: 'application/manifest+json' }
  const icon = await read(config.brand.icon.light)
  if (!icon) return undefined
  const png = (body: Uint8Array) => ({ body, type: 'image/png' })
  switch (path) {
    case BRAND_FILES.favicon:
      return { body: icon, type: 'image/svg+xml' }
    case BRAND_FILES.icon192:
      return png(await svgToPng(icon, 192))
    case BRAND_FILES.icon512:
      return png(await svgToPng(icon, 512))
    case BRAND_FILES.appleTouchIcon:
      return png(await svgToPng(appleTouchSvg(icon, themeTokens(config.theme).light['--bg'] ?? '#ffffff'), 180))
    default:
      return png(await svgToPng(socialImageSvg(config, icon), SOCIAL_IMAGE_WIDTH))
  }
}

/** The web app manifest: the brand's name, the icons, the page background of the light theme. */
export function webManifest(config: BrandConfig) {
  const background = themeTokens(config.theme).light['--bg'] ?? '#ffffff'
  // The app lives under its base: it starts there, and every URL of it is inside that scope.
  const under = (path: string) => withBase(config.base ?? '/', path)
  return {
    name: config.brand.name,
    short_name: config.brand.name,
    description: config.brand.description,
    start_url: under('/'),
    scope: under('/'),
    display: 'standalone',
    background_color: background,
    theme_color: background,
    icons: [
      { src: under(BRAND_FILES.icon192), sizes: '192x192', type: 'image/png' },
      { src: under(BRAND_FILES.icon512), sizes: '512x512', type: 'image/png' },
      { src: under(BRAND_FILES.favicon), sizes: 'any', type: 'image/svg+xml' },
    ],
  }
}

/** iOS shows home screen icons on black where they are transparent: the icon on the page colour, with a margin. */
function appleTouchSvg(icon: Uint8Array, background: string): string {
  const href = `data:image/svg+xml;base64,${Buffer.from(icon).toString('base64')}`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 180" width="180" height="180"><rect width="180" height="180" fill="${background}"/><image href="${href}" x="20" y="20" width="140" height="140"/></svg>`
}

/** What the last build wrote here (kept in the private folder beside `outDir`): the inputs' hash and each file's hash, so a file it did not write (copied from public/) is known. */
const RECORD = 'brand-files.json'
interface BrandRecord {
  key: string
  files: Record<string, string>
}

export interface BrandWriteResult {
  /** Files drawn by this build. */
  written: string[]
  /** Files the team supplies (from public/), left as they are. */
  supplied: string[]
}

/**
 * Writes the brand files into `outDir` (an app build, with public/ copied in), except
 * where the team supplies its own: a file at the same path that this build's last run
 * did not write. Files unchanged since the last run (same brand, theme and icon) are kept.
 */
export async function writeBrandAssets(outDir: string, config: BrandConfig): Promise<BrandWriteResult> {
  const read: ReadSiteFile = async (path) => {
    const file = join(outDir, ...path.split('/').filter(Boolean))
    return existsSync(file) ? readFile(file) : undefined
  }
  const recordFile = join(privateDir(outDir), RECORD)
  const previous = await readRecord(recordFile)
  const icon = await read(config.brand.icon.light)
  // The base path is in the web manifest's URLs.
  const key = sha(`${RENDERER}\n${JSON.stringify([config.brand, config.theme, config.base ?? '/'])}\n${icon ? sha(icon) : ''}`)
  const record: BrandRecord = { key, files: {} }
  const result: BrandWriteResult = { written: [], supplied: [] }
  for (const path of brandAssetPaths(config)) {
    const existing = await read(path)
    const ours = existing !== undefined && previous?.files[path] === sha(existing)
    if (existing && !ours) {
      result.supplied.push(path)
      continue
    }
    if (existing && ours && previous?.key === key) {
      record.files[path] = sha(existing)
      continue
    }
    const asset = await renderBrandAsset(path, config, read)
    if (!asset) continue
    const file = join(outDir, ...path.split('/').filter(Boolean))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, asset.body)
    record.files[path] = sha(asset.body)
    result.written.push(path)
  }
  await mkdir(dirname(recordFile), { recursive: true })
  await writeFile(recordFile, JSON.stringify(record))
  return result
}

async function readRecord(file: string): Promise<BrandRecord | undefined> {
  try {
    const data: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (typeof data !== 'object' || data === null || !('key' in data) || !('files' in data)) return undefined
    const { key, files } = data
    if (typeof key !== 'string' || typeof files !== 'object' || files === null) return undefined
    return { key, files: Object.fromEntries(Object.entries(files).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) }
  } catch {
    // No record: nothing here was written by an earlier run.
    return undefined
  }
}

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
