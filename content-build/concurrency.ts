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

/** Runs the jobs it is given, at most `slots` at once; the others wait their turn, in call order. */
export function slots(count: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return async (job) => {
    // A job that finishes hands its slot to the first one waiting.
    if (running < count) running++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await job()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
