import { createReadStream, existsSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webm': 'video/webm',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
}

/**
 * The dev server's answer for docs trees' own static files (`dirs()`, their `public/`
 * folders, known after each content build), as the build copies them: a file the
 * site's own `public/` has at the same path is the site's, and Vite serves it.
 */
export function treeStatic(sitePublic: string, dirs: () => readonly string[]) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !dirs().length) return next()
    let path: string
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://dev').pathname)
    } catch {
      return next()
    }
    if (!extname(path) || existsSync(join(sitePublic, path))) return next()
    for (const dir of dirs()) {
      const file = resolve(dir, `.${path}`)
      if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) continue
      res.setHeader('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
      res.setHeader('Cache-Control', 'no-cache')
      if (req.method === 'HEAD') return void res.end()
      return void createReadStream(file).pipe(res)
    }
    next()
  }
}
