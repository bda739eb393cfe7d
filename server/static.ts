import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { brotliCompress, type BrotliOptions, constants, gzip, type ZlibOptions } from 'node:zlib'

import { HOST_FILES } from '../src/contract/content/build-output'
import { COMPRESSIBLE_EXTENSIONS, CONTENT_TYPES } from '../src/contract/content-types'

type Bytes = Buffer<ArrayBuffer>

const brotliAsync = (data: Bytes, options: BrotliOptions) =>
  new Promise<Bytes>((resolve, reject) => brotliCompress(data, options, (error, out) => (error ? reject(error) : resolve(out))))
const gzipAsync = (data: Bytes, options: ZlibOptions) => new Promise<Bytes>((resolve, reject) => gzip(data, options, (error, out) => (error ? reject(error) : resolve(out))))

const MIN_COMPRESS = 1024
const HOST_FILE_NAMES: ReadonlySet<string> = new Set(HOST_FILES)

/** Compressed bodies (read from the build's siblings or made here), kept so each is read or made once per server. */
const memo = new Map<string, Promise<Bytes>>()
let memoBytes = 0
const MEMO_LIMIT = 64 * 1024 * 1024

export interface StaticFile {
  path: string
  size: number
  mtimeMs: number
}

/** Resolves a URL path inside `root`, never outside it; directories, dot files and missing files are undefined. */
export async function findFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  // Dot files and folders are not part of the site (an editor's or a tool's); `.well-known` is.
  if (decoded.split(/[\\/]/).some((segment) => segment.startsWith('.') && segment !== '.well-known')) return undefined
  const path = normalize(join(root, decoded))
  const inside = root.endsWith(sep) ? root : root + sep
  if (path !== root && !path.startsWith(inside)) return undefined
  // Nor are the host files at its root (configuration for static hosts, which serve them to no one either).
  if (HOST_FILE_NAMES.has(path.slice(inside.length))) return undefined
  try {
    const info = await stat(path)
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : undefined
  } catch {
    return undefined
  }
}

/** How long `fileFinder` keeps an answer: a file rebuilt under a running server is seen this late at most. */
export const FILE_FINDER_TTL_MS = 1000
const FILE_FINDER_ENTRIES = 10_000

/**
 * `findFile` for one root with its answers (found or not) kept for `ttlMs`: under load a
 * page costs no file system call per request. At most 10,000 paths are kept, the oldest
 * dropped first, so requests for random paths cannot grow it.
 */
export function fileFinder(root: string, ttlMs = FILE_FINDER_TTL_MS): (urlPath: string) => Promise<StaticFile | undefined> {
  const answers = new Map<string, { at: number; file: Promise<StaticFile | undefined> }>()
  return (urlPath) => {
    const now = Date.now()
    const kept = answers.get(urlPath)
    if (kept && now - kept.at < ttlMs) return kept.file
    const file = findFile(root, urlPath)
    answers.delete(urlPath)
    answers.set(urlPath, { at: now, file })
    if (answers.size > FILE_FINDER_ENTRIES) answers.delete(answers.keys().next().value ?? '')
    return file
  }
}

/**
 * A response for a file: precompressed `.br` / `.gz` siblings when the build made
 * them, otherwise compressed here (and remembered) when the client accepts it.
 * Answers 304 to a matching If-None-Match.
 */
export async function fileResponse(request: Request, file: StaticFile, headers: Record<string, string>, status = 200): Promise<Response> {
  const etag = `W/"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`
  return respond(request, file, { etag, headers, status })
}

/** A page's HTML as it was read once: the bytes sent, and what is worked out from those very bytes. */
export interface PageHtml<T> {
  file: StaticFile
  bytes: Bytes
  /** SHA-256 of the bytes, base64url: the ETag, and the key of their compressed forms. */
  digest: string
  /** What `derive` made of the text (the CSP hashes of its inline elements). */
  derived: T
}

const PAGE_MEMO_LIMIT = 32 * 1024 * 1024
/** Pages read, oldest first, with their size once read. */
const pages = new Map<string, { page: Promise<PageHtml<unknown>>; bytes: number }>()
let pageBytes = 0

/**
 * Reads a page's HTML once per version of the file and works out `derive(text)` from
 * the same bytes that `pageResponse` then sends: while a build rewrites dist/, a page
 * and the headers made from it (its CSP) always match. Versions are told apart by
 * path, size and modification time; at most 32 MB of pages are kept.
 */
export function readPage<T>(file: StaticFile, derive: (html: string) => T): Promise<PageHtml<T>> {
  const key = `${file.path}:${file.size}:${file.mtimeMs}`
  const kept = pages.get(key)
  if (kept) return kept.page as Promise<PageHtml<T>>
  const entry = {
    page: readFile(file.path).then((bytes) => ({ file, bytes, digest: createHash('sha256').update(bytes).digest('base64url'), derived: derive(bytes.toString('utf8')) })),
    bytes: 0,
  }
  pages.set(key, entry)
  entry.page.then(
    ({ bytes }) => {
      if (pages.get(key) !== entry) return
      entry.bytes = bytes.length
      pageBytes += bytes.length
      for (const [oldest, { bytes: size }] of pages) {
        if (pageBytes <= PAGE_MEMO_LIMIT || oldest === key) break
        pages.delete(oldest)
        pageBytes -= size
      }
    },
    () => pages.delete(key),
  )
  return entry.page
}

/** A response with a page's HTML exactly as `readPage` read it (compressed here when the client accepts it). */
export function pageResponse(request: Request, page: PageHtml<unknown>, headers: Record<string, string>, status = 200): Promise<Response> {
  return respond(request, page.file, { etag: `W/"${page.digest.slice(0, 22)}"`, headers, status, body: { bytes: page.bytes, digest: page.digest } })
}

async function respond(
  request: Request,
  file: StaticFile,
  { etag, headers, status, body: own }: { etag: string; headers: Record<string, string>; status: number; body?: { bytes: Bytes; digest: string } },
): Promise<Response> {
  const ext = extname(file.path).toLowerCase()
  const base: Record<string, string> = { 'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream', ETag: etag, ...headers }
  if (status === 200 && request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: base })

  const accepts = request.headers.get('accept-encoding') ?? ''
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined
  const size = own ? own.bytes.length : file.size
  if (!COMPRESSIBLE_EXTENSIONS.has(ext) || size < MIN_COMPRESS || !encoding) {
    return new Response(request.method === 'HEAD' ? null : (own?.bytes ?? (await readFile(file.path))), { status, headers: base })
  }
  const compressed = await compressedBody(file, encoding, own)
  const body = request.method === 'HEAD' ? null : compressed
  return new Response(body, { status, headers: { ...base, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } })
}

/** The file compressed, or the bytes of a page read by `readPage` (never a prebuilt sibling, which may be of another version). */
async function compressedBody(file: StaticFile, encoding: 'br' | 'gzip', own?: { bytes: Bytes; digest: string }): Promise<Bytes> {
  const key = own ? `${file.path}:${own.digest}:${encoding}` : `${file.path}:${file.mtimeMs}:${encoding}`
  let body = memo.get(key)
  if (!body) {
    // One read or compression per file, however many requests ask for it at once.
    body = (async () => {
      const prebuilt = own ? undefined : await readFile(`${file.path}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => undefined)
      if (prebuilt) return prebuilt
      const raw = own?.bytes ?? (await readFile(file.path))
      return encoding === 'br'
        ? brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: raw.length > 1024 * 1024 ? 5 : 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gzipAsync(raw, { level: 9 })
    })()
    memo.set(key, body)
    body.then(
      (out) => {
        memoBytes += out.length
        // Past the limit, this body is not kept: the next request reads or compresses it again.
        if (memoBytes > MEMO_LIMIT) {
          memo.delete(key)
          memoBytes -= out.length
        }
      },
      () => memo.delete(key),
    )
  }
  return body
}
