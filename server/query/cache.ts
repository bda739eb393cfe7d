import { LRUCache } from 'lru-cache'

/** The query cache's size when the environment does not set one (QUERY_CACHE_MB). */
export const DEFAULT_QUERY_CACHE_BYTES = 32 * 1024 * 1024

/**
 * The query endpoint's answers, by collection, dump checksum and statement as the
 * client sent it. A collection's rows never change under a checksum (a new build
 * gives a new one), so an answer holds until the build changes; browsers without
 * WebAssembly ask the same statements for the same pages, and a repeat is answered
 * without the guard or the query worker. Only answers are kept, never refusals or
 * failures, and the least recently used go first past `maxBytes` (JSON text, counted
 * as UTF-16). `maxBytes` 0 keeps nothing.
 */
export class QueryCache {
  private readonly cache: LRUCache<string, string> | undefined

  constructor(maxBytes: number) {
    this.cache = maxBytes > 0 ? new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (json, key) => (json.length + key.length) * 2 }) : undefined
  }

  get(collection: string, checksum: string, sql: string): string | undefined {
    return this.cache?.get(key(collection, checksum, sql))
  }

  /** Keeps an answer; one larger than the whole cache is not kept. */
  set(collection: string, checksum: string, sql: string, json: string): void {
    const k = key(collection, checksum, sql)
    if (this.cache && (json.length + k.length) * 2 <= this.cache.maxSize) this.cache.set(k, json)
  }

  get size(): number {
    return this.cache?.size ?? 0
  }
}

const key = (collection: string, checksum: string, sql: string) => `${collection}\u0000${checksum}\u0000${sql}`
