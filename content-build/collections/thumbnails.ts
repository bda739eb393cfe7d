import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { THUMBNAIL_BASE, THUMBNAIL_PX } from '../../src/contract/content/thumbnail'
import type { ContentIssue } from '../errors'
import type { Entry } from './site-rules'

/** Bump when the drawing changes, so kept thumbnails are drawn again. */
const RENDERER = 'resvg-1'

export interface Thumbnails {
  /** Files to write under the output folder, by path from it (`_thumbnails/<hash>.png`). */
  files: Map<string, Uint8Array>
  warnings: ContentIssue[]
}

/**
 * The icon a module card shows (`thumbnail`): a PNG drawn at build time from a module's
 * SVG icon when the site serves it (a file in public/), the icon itself otherwise (a
 * bitmap, or a full URL). A browser makes a whole document of every SVG image it shows,
 * on the page's main thread: the directory shows dozens at each filter, and drawing them
 * held the next list up by tens of milliseconds. A bitmap is decoded off that thread.
 * The module's own page keeps the SVG, drawn at any size.
 *
 * Drawings are kept in `cacheDir` by the SVG's hash, so a build draws only new icons.
 */
export async function moduleThumbnails(entries: readonly Entry[], publicDir: string, cacheDir?: string): Promise<Thumbnails> {
  const files = new Map<string, Uint8Array>()
  const warnings: ContentIssue[] = []
  if (cacheDir) await mkdir(cacheDir, { recursive: true })
  for (const { row, task } of entries) {
    const icon = String(row.icon)
    row.thumbnail = icon
    const path = icon.split(/[?#]/)[0] ?? icon
    if (!path.startsWith('/') || !path.toLowerCase().endsWith('.svg')) continue
    const file = join(publicDir, decodeURIComponent(path))
    if (!existsSync(file)) continue
    const svg = await readFile(file)
    const name = `${createHash('sha256').update(RENDERER).update(String(THUMBNAIL_PX)).update(svg).digest('hex').slice(0, 20)}.png`
    row.thumbnail = THUMBNAIL_BASE + name
    const out = THUMBNAIL_BASE.slice(1) + name
    if (files.has(out)) continue
    const kept = cacheDir ? join(cacheDir, name) : undefined
    if (kept && existsSync(kept)) {
      files.set(out, await readFile(kept))
      continue
    }
    try {
      const png = await draw(svg)
      files.set(out, png)
      if (kept) await writeFile(kept, png)
    } catch (error) {
      row.thumbnail = icon
      warnings.push({
        file: task.file.display,
        line: 1,
        field: 'icon',
        message: `${path} could not be drawn (${error instanceof Error ? error.message : String(error)}): cards show the SVG`,
      })
    }
  }
  return { files, warnings }
}

/**
 * The icon drawn to fit THUMBNAIL_PX wide, with the system's fonts only when it has text.
 * The renderer (a native module) is loaded on the first drawing: most builds draw none.
 */
async function draw(svg: Buffer): Promise<Uint8Array> {
  const { Resvg } = await import('@resvg/resvg-js')
  const text = svg.includes('<text')
  return new Resvg(svg, { fitTo: { mode: 'width', value: THUMBNAIL_PX }, font: { loadSystemFonts: text } }).render().asPng()
}
