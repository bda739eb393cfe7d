import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

import type { NavItem } from './navigation'
import type { PagePayloadJson } from './outputs'
import { loadPrerender, PrerenderLoadError, type RenderDocsPage } from './prerender-load'

export type PrerenderRequest = { type: 'tree'; id: number; tree: NavItem[] } | { type: 'page'; id: number; tree: number; path: string; payload: PagePayloadJson }
export type PrerenderReply = { id: number; html: string } | { id: number; error: string }

const tsWorker = new URL('../scripts/ts-worker.mjs', import.meta.url)

/** Draws docs pages' markup: `render` resolves with a page's HTML. */
export interface Prerenderer {
  render(payload: PagePayloadJson, tree: NavItem[]): Promise<string>
  close(): Promise<void>
}

/**
 * The prerender on worker threads, one per core (pages are drawn in parallel: about
 * 10 ms of CPU each, most of the build's time at 1,000 pages when drawn one after
 * another), or in this thread with `workers` 0 or too few pages to pay for starting them.
 */
export async function createPrerenderer(bundle: string, { pages, workers }: { pages: number; workers?: number }): Promise<Prerenderer> {
  const count = workers ?? (pages >= 100 ? availableParallelism() : 0)
  if (count <= 0) {
    const render: RenderDocsPage = await loadPrerender(bundle)
    return { render: async (payload, tree) => render(payload, tree), close: async () => {} }
  }
  const pool = await Promise.all(
    Array.from({ length: count }, async () => {
      const worker = new Worker(tsWorker, { workerData: { entry: new URL('./prerender-worker.ts', import.meta.url).href, bundle } })
      // Ready once the bundle is loaded; a bundle that cannot load fails the build here, with its message.
      await new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve())
        worker.once('error', (error) => reject(new PrerenderLoadError(error.message)))
      })
      return { worker, pending: 0 }
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
  return {
    render(payload, tree) {
      if (failed) return Promise.reject(failed)
      let treeId = treeIds.get(tree)
      if (treeId === undefined) {
        treeId = treeIds.size
        treeIds.set(tree, treeId)
        for (const { worker } of pool) worker.postMessage({ type: 'tree', id: treeId, tree } satisfies PrerenderRequest)
      }
      // To the least busy worker.
      const member = pool.reduce((a, b) => (b.pending < a.pending ? b : a))
      member.pending++
      const id = nextId++
      return new Promise<string>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        member.worker.postMessage({ type: 'page', id, tree: treeId, path: payload.path, payload } satisfies PrerenderRequest)
      })
    },
    close: async () => {
      await Promise.all(pool.map(({ worker }) => worker.terminate()))
    },
  }
}
