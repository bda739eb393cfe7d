import { describe, expect, it } from 'vitest'

import { mapLimit, settleAll } from './concurrency'

/** A promise and the function that settles it, for ordering calls by hand. */
function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('mapLimit', () => {
  it('keeps the results in the order of the items, with at most `limit` calls at once', async () => {
    let running = 0
    let most = 0
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      most = Math.max(most, ++running)
      await new Promise((r) => setTimeout(r, n))
      running--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30])
    expect(most).toBe(2)
  })

  it('starts nothing after a call fails, and rejects only once the calls in flight have ended', async () => {
    const slow = deferred()
    const started: number[] = []
    const ended: number[] = []
    let rejected = false
    const run = mapLimit([0, 1, 2, 3], 2, async (n) => {
      started.push(n)
      if (n === 0) throw new Error('item 0 failed')
      await slow.promise
      ended.push(n)
    }).catch((error: unknown) => {
      rejected = true
      throw error
    })
    await new Promise((r) => setTimeout(r, 10))
    // Item 1 is still writing: the caller must not hear of the failure yet.
    expect(rejected).toBe(false)
    slow.resolve()
    await expect(run).rejects.toThrow('item 0 failed')
    expect(ended).toEqual([1])
    expect(started).toEqual([0, 1])
  })
})

describe('settleAll', () => {
  it('gives the values in order, like Promise.all', async () => {
    expect(await settleAll([Promise.resolve(1), 'two', Promise.resolve(undefined)])).toEqual([1, 'two', undefined])
  })

  it('rejects with the first failure in the order given, after every promise has settled', async () => {
    const slow = deferred()
    let slowDone = false
    const late = slow.promise.then(() => {
      slowDone = true
    })
    const run = settleAll([late, Promise.reject(new Error('first')), Promise.reject(new Error('second'))])
    let rejected = false
    run.catch(() => (rejected = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(rejected).toBe(false)
    slow.resolve()
    await expect(run).rejects.toThrow('first')
    expect(slowDone).toBe(true)
  })
})
