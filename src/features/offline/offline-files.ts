import { site } from '@/config/site'
import { defaultLocale } from '@/contract/locales'
import { CONTENT_CACHE, OFFLINE_CACHES } from '@/contract/offline'
import type { SearchHead } from '@/contract/search-index'
import { editions } from '@/lib/content/docs-versions'
import { type ContentManifest, getManifest, type ManifestCollection } from '@/lib/content/manifest'
import { paletteCollectionsFor } from '@/lib/content/palette-collections'
import { trustBuildOutput } from '@/lib/content/trusted'
import { siteUrl } from '@/lib/content/url'
import { isOffline, keptBuildJson } from '@/lib/kept-fetch'

/**
 * One file a docs version kept for offline reading needs. With every one of them and the
 * app (precached), every page of the version opens offline, draws its icons and images,
 * and the search palette finds what it finds online.
 */
export interface OfflineFile {
  /** What is downloaded. */
  url: string
  /** Where it is kept, and under which URL (the content worker keeps a database under its dump's URL, whatever it loaded). */
  cache: string
  key: string
  /** The collection whose database this is, for a file the content worker keeps. */
  database?: string
  /** Bytes as stored, when the manifest says (an icon file's are asked for, see `fileSizes`). */
  bytes: number | undefined
  /** Bytes a download moves (compressed where the host compresses), when known apart from `bytes`. */
  gzip?: number
  /** Possibly used by other versions too (the palette's other collections, the icons, images): a version removed leaves them. */
  shared: boolean
}

function entryOf(manifest: ContentManifest, name: string): ManifestCollection | undefined {
  return Object.hasOwn(manifest.collections, name) ? manifest.collections[name] : undefined
}

function databaseFile(name: string, entry: ManifestCollection, shared: boolean): OfflineFile {
  return { url: entry.image ?? entry.dump, cache: CONTENT_CACHE, key: entry.dump, database: name, bytes: entry.size?.database ?? 0, shared }
}

function jsonFile(file: { path: string }, bytes: number | undefined, shared: boolean): OfflineFile {
  return { url: file.path, cache: OFFLINE_CACHES.versioned, key: file.path, bytes: bytes ?? 0, shared }
}

/**
 * Everything a reader of one docs version needs offline: its database, search records and
 * navigation; the images its pages show; the icon files; and what the search palette reads
 * besides the version (`paletteCollectionsFor`: its language's blog's and the providers' search records).
 */
export async function offlineFiles(collection: string, { toDownload = false }: { toDownload?: boolean } = {}): Promise<OfflineFile[]> {
  const manifest = await getManifest()
  const entry = entryOf(manifest, collection)
  if (!entry) throw new Error(`unknown content collection "${collection}"`)
  const own = [
    databaseFile(collection, entry, false),
    ...(entry.search ? [jsonFile(entry.search, entry.size?.search, false)] : []),
    ...(entry.searchIndex ? await searchIndexFiles(entry.searchIndex, entry.size?.search, toDownload) : []),
    ...(entry.navigation ? [jsonFile(entry.navigation, entry.size?.navigation, false)] : []),
  ]
  // The version's gzipped size covers its files together: the first carries it.
  own.forEach((file, i) => (file.gzip = i === 0 ? (entry.size?.gzip ?? 0) : 0))
  const images = (entry.images ?? []).map((image): OfflineFile => ({ url: image.path, cache: OFFLINE_CACHES.images, key: image.path, bytes: image.bytes, shared: true }))
  const icons = Object.values(manifest.icons ?? {}).map((path): OfflineFile => ({ url: path, cache: OFFLINE_CACHES.versioned, key: path, bytes: undefined, shared: true }))
  const locale = editions.find((e) => e.collection === collection)?.locale ?? defaultLocale(site).code
  const palette = paletteCollectionsFor(locale).flatMap(({ collection: name }): OfflineFile[] => {
    const other = entryOf(manifest, name)
    return other?.search ? [jsonFile(other.search, other.size?.search, true)] : []
  })
  return [...own, ...images, ...icons, ...palette]
}

/**
 * A version's search index: its head, and the shards and chunks the head names. The head
 * is read where it is kept; only a download fetches it (about 100 KB at 1,000 pages): the
 * card that shows a version's size and whether it is kept must not cost that on every
 * docs page. The manifest's bytes are those of all its files: the head carries them. A
 * head not kept (or that cannot be read) stands alone: the version is then not kept
 * whole, which is true.
 */
async function searchIndexFiles(head: { path: string }, bytes: number | undefined, toDownload: boolean): Promise<OfflineFile[]> {
  const headFile = jsonFile(head, bytes, false)
  const named = await keptBuildJson(siteUrl(head.path), { fetchIfNotKept: toDownload }).then(
    (data) => (data === undefined ? undefined : trustBuildOutput<SearchHead>(data)),
    () => undefined,
  )
  if (!named) return [headFile]
  const dir = head.path.slice(0, head.path.lastIndexOf('/') + 1)
  return [headFile, ...[...named.shards, ...named.chunks].map(({ file }) => jsonFile({ path: `${dir}${file}` }, 0, false))]
}

/** Whether this browser keeps a file where the service worker (or the content worker) looks for it. */
export async function isKept({ key, cache }: OfflineFile): Promise<boolean> {
  return Boolean(await (await caches.open(cache)).match(siteUrl(key)))
}

/**
 * Each file's bytes: the manifest's, else the kept copy's, else what the host says it
 * would send (a HEAD request, online only: offline it is left uncounted rather than asked).
 */
export async function fileSizes(files: readonly OfflineFile[]): Promise<number[]> {
  return Promise.all(
    files.map(async (file) => {
      if (file.bytes !== undefined) return file.bytes
      const kept = await (await caches.open(file.cache)).match(siteUrl(file.key))
      if (kept) return (await kept.blob()).size
      if (isOffline()) return 0
      const res = await fetch(siteUrl(file.url), { method: 'HEAD' }).catch(() => undefined)
      return Number(res?.headers.get('Content-Length') ?? 0) || 0
    }),
  )
}
