import { mkdir } from 'node:fs/promises'

/**
 * Runs `fn` over `items` with at most `limit` calls in flight: enough to keep the
 * disk busy without exhausting file handles on trees of thousands of files.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  // One iterator shared by every runner: each takes the next item as it frees up.
  const queue = items.entries()
  const run = async () => {
    for (const [i, item] of queue) out[i] = await fn(item, i)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run))
  return out
}

/** Creates each folder and its parents, several at once (one after another, a large tree waited on each in turn). */
export async function makeDirs(dirs: Iterable<string>): Promise<void> {
  await mapLimit([...new Set(dirs)], 16, (dir) => mkdir(dir, { recursive: true }))
}

/** `fn` with at most `slots` calls running at once; the others wait their turn, in call order. */
export function limited<A extends unknown[], R>(slots: number, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let running = 0
  const waiting: (() => void)[] = []
  return async (...args) => {
    // A call that finishes hands its slot to the first one waiting.
    if (running < slots) running++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await fn(...args)
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
