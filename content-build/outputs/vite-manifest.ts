import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { z } from 'zod'

import { privateDir, VITE_MANIFEST } from '../../src/contract/content/build-output'

/** A chunk of Vite's build manifest (moved beside dist/, see `viteManifestFile`), keyed by its source file. */
export const chunkSchema = z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() })
export type ViteManifest = Record<string, z.infer<typeof chunkSchema>>

/** Where the app build's Vite manifest is kept: in the private folder beside `dist`, never in dist/ (content-build/vite/private-files-plugin.ts moves it there). */
export const viteManifestFile = (dist: string): string => join(privateDir(dist), VITE_MANIFEST)

export const readViteManifest = async (dist: string): Promise<ViteManifest> => z.record(z.string(), chunkSchema).parse(JSON.parse(await readFile(viteManifestFile(dist), 'utf8')))

/** Every chunk `keys` load at once: each, and what each imports statically. */
export function staticChunks(manifest: ViteManifest, keys: readonly string[]): Map<string, ViteManifest[string]> {
  const seen = new Map<string, ViteManifest[string]>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`"${key}" is not in the build's manifest: the app has no such module`)
    seen.set(key, chunk)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return seen
}

/** The stylesheets `modules` bring beyond those of the entry (which index.html links already), as site paths. */
export function moduleStylesheets(manifest: ViteManifest, modules: readonly string[]): string[] {
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const linked = new Set([...staticChunks(manifest, entry).values()].flatMap((chunk) => chunk.css ?? []))
  const css = [...staticChunks(manifest, modules).values()].flatMap((chunk) => chunk.css ?? [])
  return [...new Set(css)].filter((file) => !linked.has(file)).map((file) => `/${file}`)
}
