import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const compressions = vi.hoisted(() => ({ count: 0 }))
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>()
  return {
    ...zlib,
    brotliCompress: ((buffer: Buffer, options: object, callback: (error: Error | null, result: Buffer) => void) => {
      compressions.count++
      return zlib.brotliCompress(buffer, options, callback)
    }) as typeof zlib.brotliCompress,
  }
})

const { fileFinder, fileResponse, findFile } = await import('./static')

let dir: string
const text = 'const answer = 42;\n'.repeat(4000)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fjord-static-'))
  await writeFile(join(dir, 'app.js'), text)
  await writeFile(join(dir, '.secret'), 'no')
  await writeFile(join(dir, 'nginx.conf'), 'server_tokens off;')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('static files', () => {
  it('compress a file once for every request that asks for it at the same time', async () => {
    const file = await findFile(dir, '/app.js')
    if (!file) throw new Error('app.js not found')
    const request = new Request('http://x/app.js', { headers: { 'accept-encoding': 'br, gzip' } })
    const responses = await Promise.all(Array.from({ length: 20 }, () => fileResponse(request, file, {})))
    expect(compressions.count).toBe(1)
    for (const res of responses) {
      expect(res.headers.get('content-encoding')).toBe('br')
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(text)
    }
  })

  it("are never a dot file or folder, a static host's file, nor outside the root", async () => {
    expect(await findFile(dir, '/.secret')).toBeUndefined()
    expect(await findFile(dir, '/nginx.conf')).toBeUndefined()
    expect(await findFile(dir, '//nginx.conf')).toBeUndefined()
    expect(await findFile(dir, '/../etc/passwd')).toBeUndefined()
    expect(await findFile(dir, '/app.js')).toBeDefined()
  })
})

describe('the file finder', () => {
  it('answers again from memory within its time, and sees a changed file after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const find = fileFinder(dir, 1000)
      await writeFile(join(dir, 'page.html'), 'one')
      const first = await find('/page.html')
      await writeFile(join(dir, 'page.html'), 'three')
      await rm(join(dir, 'missing.html'), { force: true })
      expect(await find('/page.html')).toBe(first)
      expect(await find('/missing.html')).toBeUndefined()
      await writeFile(join(dir, 'missing.html'), 'now here')
      expect(await find('/missing.html')).toBeUndefined()
      vi.setSystemTime(Date.now() + 1001)
      expect((await find('/page.html'))?.size).toBe(5)
      expect(await find('/missing.html')).toBeDefined()
    } finally {
      vi.useRealTimers()
    }
  })
})
