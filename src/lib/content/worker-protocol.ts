import type { ManifestCollection } from './manifest'

/** Messages between the content client (main thread) and the database worker. */
export type WorkerRequest =
  | { id: number; type: 'ping' }
  | { id: number; type: 'load'; collection: string; entry: ManifestCollection }
  | { id: number; type: 'query'; collection: string; entry: ManifestCollection; sql: string }
  /** A dump the page downloaded itself (with progress): opened, and kept in Cache Storage before the reply. */
  | { id: number; type: 'store'; collection: string; entry: ManifestCollection; dump: Uint8Array }

export type WorkerReply =
  | { id: number; type: 'pong' }
  | { id: number; type: 'loaded'; loadMs: number; fetchMs: number; execMs: number }
  | { id: number; type: 'rows'; rows: Record<string, unknown>[]; queryMs: number }
  | { id: number; type: 'stored' }
  | { id: number; type: 'unavailable'; reason: string }

/** A request before the client numbers it. */
export type UnsentRequest = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never
