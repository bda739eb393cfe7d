import { mkdir } from 'node:fs/promises'

/**
 * Runs `fn` over `items` with at most `limit` calls in flight: enough to keep the
 * disk busy without exhausting file handles on trees of thousands of files.
 * After a call fails no new one starts, and the promise rejects with that failure
 * only once the calls in flight have ended: nothing writes behind a caller who has
 * already seen the error (and, say, removed the folder).
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  // One iterator shared by every runner: each takes the next item as it frees up.
  const queue = items.entries()
  let failed = false
  const run = async () => {
    for (const [i, item] of queue) {
      if (failed) return
      try {
        out[i] = await fn(item, i)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await settleAll(Array.from({ length: Math.min(limit, items.length) }, run))
  return out
}

/**
 * `Promise.all` that waits for every promise to settle before it rejects, with the
 * first failure in the order given: for jobs that write files, which must not go on
 * writing once the caller has been told the work failed.
 */
export async function settleAll<T extends readonly unknown[] | []>(values: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled<readonly unknown[]>(values)
  const failure = results.find((r) => r.status === 'rejected')
  if (failure) throw failure.reason
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> }
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
