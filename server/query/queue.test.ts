import { describe, expect, it } from 'vitest'

import { FairQueue } from './queue'

const limits = { perClient: 3, total: 5, runningPerClient: 1 }

/** Takes items until none can run, marking each done at once when `finish` says so. */
function drain(queue: FairQueue<string>, finish = true): string[] {
  const taken: string[] = []
  for (let next = queue.take(); next; next = queue.take()) {
    taken.push(next.item)
    if (finish) queue.done(next.client)
  }
  return taken
}

describe('FairQueue', () => {
  it('serves the client served least recently first, whatever the order items arrived in', () => {
    const queue = new FairQueue<string>({ ...limits, total: 10 })
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item)
    queue.push('b', 'b1')
    queue.push('c', 'c1')
    queue.push('b', 'b2')
    expect(drain(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3'])
  })

  it('puts a client that arrives later ahead of one already served', () => {
    const queue = new FairQueue<string>({ ...limits, total: 10 })
    queue.push('a', 'a1')
    queue.push('a', 'a2')
    const first = queue.take()
    expect(first?.item).toBe('a1')
    queue.push('b', 'b1')
    queue.done('a')
    expect(drain(queue)).toEqual(['b1', 'a2'])
  })

  it("holds a client's items while it has its cap running, and serves the others meanwhile", () => {
    const queue = new FairQueue<string>({ ...limits, runningPerClient: 2, total: 10 })
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item)
    queue.push('b', 'b1')
    expect(drain(queue, false)).toEqual(['a1', 'b1', 'a2'])
    expect(queue.take()).toBeUndefined()
    queue.done('a')
    expect(queue.take()?.item).toBe('a3')
  })

  it("bounds each client's waiting items and all of them", () => {
    const queue = new FairQueue<string>(limits)
    expect(['a1', 'a2', 'a3', 'a4'].map((item) => queue.push('a', item))).toEqual(['queued', 'queued', 'queued', 'client-full'])
    expect(queue.push('b', 'b1')).toBe('queued')
    expect(queue.push('b', 'b2')).toBe('queued')
    expect(queue.push('c', 'c1')).toBe('full')
    expect(queue.waiting()).toBe(5)
    expect(queue.waiting('a')).toBe(3)
    // Taking makes room.
    queue.take()
    expect(queue.push('c', 'c1')).toBe('queued')
  })

  it('removes a waiting item, not one already taken, and drains what waits', () => {
    const queue = new FairQueue<string>({ ...limits, total: 10 })
    queue.push('a', 'a1')
    queue.push('a', 'a2')
    queue.push('b', 'b1')
    expect(queue.take()?.item).toBe('a1')
    expect(queue.remove('a', 'a1')).toBe(false)
    expect(queue.remove('a', 'a2')).toBe(true)
    expect(queue.remove('a', 'a2')).toBe(false)
    expect(queue.waiting()).toBe(1)
    expect(queue.drain()).toEqual(['b1'])
    expect(queue.waiting()).toBe(0)
    expect(queue.take()).toBeUndefined()
  })
})
