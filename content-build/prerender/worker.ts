import { parentPort, workerData } from 'node:worker_threads'

import type { NavItem } from '../collections/navigation'
import type { PagePayloadJson } from '../outputs/write'
import { loadPrerender } from './load'
import type { PrerenderReady, PrerenderReply, PrerenderRequest } from './pool'

/**
 * A prerender worker: loads the bundle once, keeps each navigation tree and each set of
 * route payloads it is sent (once each, not with every page), and draws the pages it is
 * asked for.
 */
const bundle = await loadPrerender((workerData as { bundle: string }).bundle)
const trees = new Map<number, NavItem[]>()
const payloadSets = new Map<number, PagePayloadJson[]>()

async function draw(message: Exclude<PrerenderRequest, { type: 'tree' } | { type: 'routes' }>): Promise<string> {
  if (message.type === 'page') {
    const tree = trees.get(message.tree)
    if (!tree) throw new Error(`prerender worker: no navigation tree ${message.tree}`)
    return bundle.renderDocsPage(message.payload, tree)
  }
  const payloads = payloadSets.get(message.payloads)
  if (!bundle.renderRoutePage || !payloads) throw new Error(`prerender worker: no route payloads ${message.payloads}`)
  return bundle.renderRoutePage(message.path, payloads)
}

parentPort?.on('message', (message: PrerenderRequest) => {
  if (message.type === 'tree') trees.set(message.id, message.tree)
  else if (message.type === 'routes') payloadSets.set(message.id, message.payloads)
  else
    draw(message).then(
      (html) => parentPort?.postMessage({ id: message.id, html } satisfies PrerenderReply),
      (error: unknown) =>
        parentPort?.postMessage({ id: message.id, error: `${message.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` } satisfies PrerenderReply),
    )
})
parentPort?.postMessage({ ready: true, routes: bundle.renderRoutePage !== undefined } satisfies PrerenderReady)
