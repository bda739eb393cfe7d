import { parentPort, workerData } from 'node:worker_threads'

import type { NavItem } from './navigation'
import type { PagePayloadJson } from './outputs'
import { loadPrerender } from './prerender-load'
import type { PrerenderReply, PrerenderRequest } from './prerender-pool'

/**
 * A prerender worker: loads the bundle once, keeps each navigation tree it is sent
 * (once per tree, not with every page), and draws the pages it is asked for.
 */
const render = await loadPrerender((workerData as { bundle: string }).bundle)
const trees = new Map<number, NavItem[]>()

parentPort?.on('message', (message: PrerenderRequest) => {
  if (message.type === 'tree') {
    trees.set(message.id, message.tree)
    return
  }
  let reply: PrerenderReply
  try {
    const tree = trees.get(message.tree)
    if (!tree) throw new Error(`prerender worker: no navigation tree ${message.tree}`)
    reply = { id: message.id, html: render(message.payload as PagePayloadJson, tree) }
  } catch (error) {
    reply = { id: message.id, error: `${message.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` }
  }
  parentPort?.postMessage(reply)
})
parentPort?.postMessage({ ready: true })
