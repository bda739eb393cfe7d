import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

import autocannon from 'autocannon'

/**
 * Load from outside a server, for the benches that measure one (serve.ts, deploy.ts):
 * wrk (Debian's `wrk`, C, one thread) when it is installed, else autocannon. A body
 * with NUMBERED in it is sent with a number of its own in each request (a new
 * newsletter address each time).
 */
export const NUMBERED = '[<id>]'

export interface Load {
  url: string
  method: 'GET' | 'POST'
  /** NUMBERED in it is replaced by a number of its own in each request. */
  body: string | undefined
  headers: Record<string, string>
  connections: number
}

export interface LoadResult {
  perSecond: number
  total: number
  latencyMs: { p50: number; p99: number; max: number }
  non2xx: number
  errors: number
}

const run = promisify(execFile)

export async function hasWrk(): Promise<boolean> {
  return run('wrk', ['--version']).then(
    () => true,
    // wrk prints its version and exits 1; only a missing binary fails to spawn.
    (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
  )
}

export async function autocannonLoad(load: Load, duration: number): Promise<LoadResult> {
  // autocannon puts an id of its own in place of NUMBERED.
  const result = await autocannon({ ...load, duration, idReplacement: load.body?.includes(NUMBERED) ?? false })
  return {
    perSecond: result.requests.average,
    total: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** One wrk thread, the method, headers and body set by a Lua script; its report parsed. */
export async function wrk(load: Load, duration: number, work: string): Promise<LoadResult> {
  const script = join(work, 'request.lua')
  // A JSON string is a Lua string literal, except for \\u escapes (control characters), which LuaJIT does not read.
  const lua = (value: string) => {
    if ([...value].some((char) => char.charCodeAt(0) < 0x20)) throw new Error(`wrk: a control character in ${JSON.stringify(value)}`)
    return JSON.stringify(value)
  }
  await writeFile(
    script,
    [
      `wrk.method = ${lua(load.method)}`,
      ...(load.body === undefined ? [] : numberedBody(load.body, lua)),
      ...Object.entries(load.headers).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
      '',
    ].join('\n'),
  )
  const { stdout } = await run('wrk', ['-t1', `-c${load.connections}`, `-d${duration}s`, '--latency', '-s', script, load.url])
  return parseWrk(stdout)
}

/** wrk's report: requests/s, the latency distribution and its maximum, non-2xx responses, socket errors. */
function parseWrk(report: string): LoadResult {
  const ms = (value: string | undefined) => {
    const match = /^([\d.]+)(us|ms|s|m)$/.exec(value ?? '')
    if (!match) throw new Error(`wrk: cannot read the time "${value}" in:\n${report}`)
    const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm']
    return Math.round(Number(match[1]) * factor * 100) / 100
  }
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(report)?.[1])
  const total = Number(/(\d+) requests in/.exec(report)?.[1])
  if (!Number.isFinite(perSecond) || !Number.isFinite(total)) throw new Error(`wrk: no request count in:\n${report}`)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report)
  return {
    perSecond,
    total,
    latencyMs: {
      p50: ms(/^\s+50%\s+(\S+)/m.exec(report)?.[1]),
      p99: ms(/^\s+99%\s+(\S+)/m.exec(report)?.[1]),
      max: ms(/^\s+Latency\s+\S+\s+\S+\s+(\S+)/m.exec(report)?.[1]),
    },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  }
}

/** wrk's Lua for a body: fixed, or made per request with a counter where NUMBERED is. */
function numberedBody(body: string, lua: (value: string) => string): string[] {
  if (!body.includes(NUMBERED)) return [`wrk.body = ${lua(body)}`]
  const format = body.replaceAll('%', '%%').replaceAll(NUMBERED, '%d')
  return ['local n = 0', 'request = function()', '  n = n + 1', `  return wrk.format(nil, nil, nil, string.format(${lua(format)}, n))`, 'end']
}
