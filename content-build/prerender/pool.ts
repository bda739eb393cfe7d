import { availableParallelism } from 'node:os'

import type { NavItem } from '../collections/navigation'
import type { PagePayloadJson } from '../outputs/write'
import { startTypeScriptWorker } from '../workers/typescript-worker'
import { loadPrerender, PrerenderLoadError } from './load'

export type PrerenderRequest =
  | { type: 'tree'; id: number; tree: NavItem[] }
  | { type: 'routes'; id: number; payloads: PagePayloadJson[] }
  | { type: 'page'; id: number; tree: number; path: string; payload: PagePayloadJson }
  | { type: 'route'; id: number; payloads: number; path: string }
/** A worker's first message, once its bundle is loaded. */
export interface PrerenderReady {
  ready: true
  routes: boolean
}
export type PrerenderReply = { id: number; html: string } | { id: number; error: string }

/** Draws pages' markup: each call resolves with a page's HTML. */
export interface Prerenderer {
  /** A docs page, from its payload and its version's navigation tree. */
  render(payload: PagePayloadJson, tree: NavItem[]): Promise<string>
  /**
   * Any other page, by the app's routes, whose loaders read `payloads` (every non-docs
   * route's, one array for the whole build). Absent when the bundle draws docs pages only.
   */
  renderRoute?: ((path: string, payloads: PagePayloadJson[]) => Promise<string>) | undefined
  close(): Promise<void>
}

/**
 * The prerender on worker threads, one per core (pages are drawn in parallel: drawn
 * one after another, they took most of a large build's time), or in this thread with `workers` 0 or too few pages to pay for starting them.
 */
export async function createPrerenderer(bundle: string, { pages, workers }: { pages: number; workers?: number }): Promise<Prerenderer> {
  const count = workers ?? (pages >= 100 ? availableParallelism() : 0)
  if (count <= 0) {
    const { renderDocsPage, renderRoutePage } = await loadPrerender(bundle)
    return { render: async (payload, tree) => renderDocsPage(payload, tree), renderRoute: renderRoutePage, close: async () => {} }
  }

  const pool = await Promise.all(
    Array.from({ length: count }, async () => {
      const worker = await startTypeScriptWorker(new URL('./worker.ts', import.meta.url), { workerData: { bundle } })
      // Ready once the bundle is loaded, saying whether it draws routes; a bundle that cannot load fails the build here, with its message.
      const ready = await new Promise<PrerenderReady>((resolve, reject) => {
        worker.once('message', (message: PrerenderReady) => resolve(message))
        worker.once('error', (error) => reject(new PrerenderLoadError(error.message)))
      })
      return { worker, pending: 0, routes: ready.routes }
    }),
  )
  const treeIds = new Map<NavItem[], number>()
  const waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let failed: Error | undefined
  for (const member of pool) {
    member.worker.on('message', (reply: PrerenderReply) => {
      member.pending--
      const request = waiting.get(reply.id)
      waiting.delete(reply.id)
      if ('html' in reply) request?.resolve(reply.html)
      else request?.reject(new Error(`the prerender failed on ${reply.error}`))
    })
    member.worker.on('error', (error) => {
      failed = error
      for (const request of waiting.values()) request.reject(error)
      waiting.clear()
    })
  }
  /** An id for a tree or a payload set, sent to every worker the first time it is seen. */
  const shared = <T extends object>(ids: Map<T, number>, value: T, send: (id: number) => PrerenderRequest): number => {
    let id = ids.get(value)
    if (id === undefined) {
      ids.set(value, (id = ids.size))
      const message = send(id)
      for (const { worker } of pool) worker.postMessage(message)
    }
    return id
  }
  /** To the least busy worker. */
  const ask = (request: (id: number) => PrerenderRequest): Promise<string> => {
    if (failed) return Promise.reject(failed)
    const member = pool.reduce((a, b) => (b.pending < a.pending ? b : a))
    member.pending++
    const id = nextId++
    return new Promise<string>((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      member.worker.postMessage(request(id))
    })
  }
  const payloadSetIds = new Map<PagePayloadJson[], number>()
  return {
    render(payload, tree) {
      const treeId = shared(treeIds, tree, (id) => ({ type: 'tree', id, tree }))
      return ask((id) => ({ type: 'page', id, tree: treeId, path: payload.path, payload }))
    },
    renderRoute: pool.every((member) => member.routes)
      ? (path, payloads) => {
          const set = shared(payloadSetIds, payloads, (id) => ({ type: 'routes', id, payloads }))
          return ask((id) => ({ type: 'route', id, payloads: set, path }))
        }
      : undefined,
    close: async () => {
      await Promise.all(pool.map(({ worker }) => worker.terminate()))
    },
  }
}
