import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { treeStatic } from './tree-static'

let dir: string
let server: Server
let base: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tree-static-'))
  for (const [file, text] of Object.entries({ 'site/logo.svg': 'site', 'tree/logo.svg': 'tree', 'tree/img/search.png': 'png', 'secret.txt': 'outside' })) {
    await mkdir(join(dir, file, '..'), { recursive: true })
    await writeFile(join(dir, file), text)
  }
  const serveTree = treeStatic(join(dir, 'site'), () => [join(dir, 'tree')])
  server = createServer((req, res) =>
    serveTree(req, res, () => {
      res.statusCode = 404
      res.end('next')
    }),
  )
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(async () => {
  server.close()
  await rm(dir, { recursive: true, force: true })
})

describe("the dev server's docs-tree static files", () => {
  it('serves a file of the tree with its type', async () => {
    const response = await fetch(`${base}/img/search.png`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(await response.text()).toBe('png')
  })

  it("leaves the site's own file at the same path, pages, unknown files and paths out of the tree to the next handler", async () => {
    for (const path of ['/logo.svg', '/guide/search', '/img/gone.png', '/..%2Fsecret.txt', '/%E0%A4%A.png']) {
      expect(await (await fetch(base + path)).text(), path).toBe('next')
    }
  })
})
