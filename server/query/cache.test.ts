import { describe, expect, it } from 'vitest'

import { QueryCache } from './cache'

describe('QueryCache', () => {
  it('answers by collection, checksum and statement', () => {
    const cache = new QueryCache(1024)
    cache.set('docsv4', 'aaa', 'SELECT 1', '[1]')
    expect(cache.get('docsv4', 'aaa', 'SELECT 1')).toBe('[1]')
    // A new build (another checksum), another collection or another statement: not this answer.
    expect(cache.get('docsv4', 'bbb', 'SELECT 1')).toBeUndefined()
    expect(cache.get('docsv3', 'aaa', 'SELECT 1')).toBeUndefined()
    expect(cache.get('docsv4', 'aaa', 'SELECT 1 ')).toBeUndefined()
  })

  it('lets the least recently used answers go past its size, and keeps none larger than itself', () => {
    // Each entry: (3 + 12) UTF-16 units, 30 bytes; room for two.
    const cache = new QueryCache(80)
    cache.set('c', 'k', 'SELECT 1', '[1]')
    cache.set('c', 'k', 'SELECT 2', '[2]')
    expect(cache.get('c', 'k', 'SELECT 1')).toBe('[1]')
    cache.set('c', 'k', 'SELECT 3', '[3]')
    expect(cache.get('c', 'k', 'SELECT 2')).toBeUndefined()
    expect(cache.get('c', 'k', 'SELECT 1')).toBe('[1]')
    expect(cache.get('c', 'k', 'SELECT 3')).toBe('[3]')
    cache.set('c', 'k', 'SELECT 4', 'x'.repeat(100))
    expect(cache.get('c', 'k', 'SELECT 4')).toBeUndefined()
    expect(cache.size).toBe(2)
  })

  it('keeps nothing when its size is 0', () => {
    const cache = new QueryCache(0)
    cache.set('c', 'k', 'SELECT 1', '[1]')
    expect(cache.get('c', 'k', 'SELECT 1')).toBeUndefined()
  })
})
