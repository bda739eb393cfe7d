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
