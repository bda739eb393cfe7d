import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

import { CONTENT_TYPES } from '../src/contract/content-types'

async function fileAt(path: string): Promise<string | undefined> {
  const info = await stat(path).catch(() => undefined)
  if (info?.isFile()) return path
  if (info?.isDirectory()) return fileAt(join(path, 'index.html'))
  return undefined
}

/**
 * A plain static file host for `root`, as a reader who copies dist/ to one gets: the
 * file at the path (a folder's index.html), else `404.html` with status 404. No SPA
 * fallback, no redirects, no compression, no headers of the site's: what the site needs
 * from a host beyond files, this host does not give.
 */
export async function serveStatic(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return
      }
      let path: string
      try {
        path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname)
      } catch {
        res.writeHead(400).end()
        return
      }
      const wanted = normalize(join(root, path))
      const inside = wanted === root || wanted.startsWith(root.endsWith(sep) ? root : root + sep)
      const found = inside ? await fileAt(wanted) : undefined
      const file = found ?? join(root, '404.html')
      res.writeHead(found ? 200 : 404, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
      if (req.method === 'HEAD') res.end()
      else
        createReadStream(file)
          .on('error', () => res.end())
          .pipe(res)
    })()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done())) }
}
