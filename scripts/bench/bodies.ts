import { fork } from 'node:child_process'
import { request } from 'node:http'
import { join, resolve } from 'node:path'

import { serveDist } from '../../testing/build-site'

/**
 * `npm run bench:bodies`: the server's memory under oversized request bodies. The
 * real server runs in its own process (so its memory is its own) on loopback; 20
 * clients at once each try to upload 200 MB to the newsletter endpoint, half with a
 * Content-Length, half chunked. Its resident memory is sampled every 20 ms.
 *
 * Two kinds of client: polite ones stop sending when the 413 arrives; rude ones
 * ignore it and keep sending until the server closes the connection or all 200 MB
 * are out. Run `npm run build` first.
 */

const CLIENTS = 20
const UPLOAD = 200 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 97)
const TIME_LIMIT_MS = 60_000

if (process.argv.includes('--serve')) {
  const { url } = await serveDist(join(resolve(import.meta.dirname, '../..'), 'dist'))
  process.on('message', (message) => {
    if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss })
  })
  process.send?.({ url })
} else {
  await main()
}

async function main() {
  const child = fork(import.meta.filename, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  const next = <T>(key: string) => new Promise<T>((done) => child.once('message', (m: Record<string, T>) => done(m[key] as T)))
  const url = await next<string>('url')
  const rss = async () => {
    const value = next<number>('rss')
    child.send('rss')
    return value
  }
  try {
    for (const rude of [false, true]) {
      // Settle, then the baseline.
      await new Promise((done) => setTimeout(done, 500))
      const before = await rss()
      let peak = before
      let sampling = true
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await rss())
          await new Promise((done) => setTimeout(done, 20))
        }
      })()
      const started = performance.now()
      const results = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => upload(url, i % 2 === 0, rude)))
      const seconds = (performance.now() - started) / 1000
      sampling = false
      await sampler
      const sent = results.reduce((sum, r) => sum + r.sent, 0)
      const statuses = [...new Set(results.map((r) => r.status))].join(', ')
      console.log(
        `${rude ? 'rude clients (ignore the 413)' : 'polite clients (stop at the 413)'}: ${CLIENTS} x 200 MB, answers ${statuses}, ` +
          `${mb(sent)} sent in ${seconds.toFixed(2)} s; server RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
      )
    }
  } finally {
    child.kill()
  }
}

function upload(url: string, chunked: boolean, rude: boolean): Promise<{ status: number; sent: number }> {
  return new Promise((done) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...(chunked ? {} : { 'content-length': String(UPLOAD) }) }
    const req = request(`${url}/api/newsletter/subscribe`, { method: 'POST', headers })
    let sent = 0
    let status = 0
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      req.destroy()
      done({ status, sent })
    }
    const timer = setTimeout(finish, TIME_LIMIT_MS)
    req.on('response', (res) => {
      status = res.statusCode ?? 0
      res.resume()
      if (!rude) finish()
    })
    req.on('error', finish)
    req.on('close', finish)
    const write = () => {
      while (!finished && (rude || status === 0) && sent < UPLOAD) {
        sent += CHUNK.length
        if (!req.write(CHUNK)) return void req.once('drain', write)
      }
      if (!finished && sent >= UPLOAD) req.end()
      if (!finished && !rude && status !== 0) finish()
    }
    write()
  })
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
