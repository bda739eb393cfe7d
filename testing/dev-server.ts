import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

import { freePort } from './free-port'

const root = resolve(import.meta.dirname, '..')

/** Wall-clock time in milliseconds, comparable with a browser's `performance.timeOrigin + performance.now()`. */
export const now = () => performance.timeOrigin + performance.now()

/** A line of the dev server's that says a content build ended: `content rebuilt (0.61 s)`. */
export interface RebuildLine {
  /** When the line reached this process (`now()`). */
  at: number
  /** The plugin's own time for the build, from the line. */
  ms: number
}

export interface DevServer {
  url: string
  /** Spawn to the URL printed. */
  readyMs: number
  /** Every content build the server has reported since it started, in order. */
  rebuilds: RebuildLine[]
  /** How many times Vite restarted the server (it does when `site.config.ts` or another config import changes). */
  restarts(): number
  /** Everything it has printed so far. */
  output(): string
  /** The last `lines` lines of its output. */
  tail(lines?: number): string
  stop(): Promise<void>
}

const REBUILT = /content (?:rebuilt|build is good again) \((\d+(?:\.\d+)?) s\)/g

/**
 * `npm run dev` as a developer starts it (`scripts/vite.mjs`, HOST and PORT set, the docs tree read
 * through DOCS_V4_DIR), in a process of its own, once it has printed its URL.
 */
export async function startDevServer(docsDir: string, timeoutMs = 150_000): Promise<DevServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = now()
  // What `npm run dev` runs.
  const child: ChildProcess = spawn(process.execPath, [resolve(root, 'scripts/vite.mjs')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DOCS_V4_DIR: docsDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const rebuilds: RebuildLine[] = []
  // Read line by line, each stream on its own: Vite colours its output when CI is set
  // (picocolors reads the variable), which puts escape codes inside the URL and the
  // rebuild lines, and a code can be split between two chunks. What is kept is what a
  // person would see.
  const reader = () => {
    let partial = ''
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines.map((raw) => stripVTControlCharacters(raw))) {
        log += line + '\n'
        for (const match of line.matchAll(REBUILT)) rebuilds.push({ at: now(), ms: Number(match[1]) * 1000 })
      }
    }
  }
  child.stdout?.on('data', reader())
  child.stderr?.on('data', reader())
  const exited = new Promise<number | null>((done) => child.once('exit', done))
  const tail = (lines = 40) => log.trimEnd().split('\n').slice(-lines).join('\n')

  await new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (log.includes(`${url}/`)) {
        clearInterval(check)
        done()
      } else if (now() - started > timeoutMs) {
        clearInterval(check)
        fail(new Error(`npm run dev did not print ${url}/ within ${timeoutMs / 1000} s:\n${tail()}`))
      }
    }, 50)
    void exited.then((code) => {
      clearInterval(check)
      fail(new Error(`npm run dev exited (${code}) before it was ready:\n${tail()}`))
    })
  })
  const readyMs = now() - started
  return {
    url,
    readyMs,
    rebuilds,
    restarts: () => log.split('restarting server').length - 1,
    output: () => log,
    tail,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}
