import type { ChildProcess } from 'node:child_process'

import { freePort } from '../../testing/free-port'
import { spawnServer } from '../../testing/spawn-server'

/** The middle value of `values` (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** The value at percentile `p` (0–100) of `values`, nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/**
 * The production server (`server/index.ts`, as `npm start` runs it, on this checkout's
 * build) in a process of its own on a free loopback port, for the benchmarks that load
 * it from outside.
 */
export async function startProductionServer(extraEnv: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production', ...extraEnv }
  const { child } = await spawnServer('server/index.ts', [], (out) => (out.includes('Serving ') ? out : undefined), env)
  return { url: `http://127.0.0.1:${port}`, child }
}
