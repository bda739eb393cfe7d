import { parentPort, workerData } from 'node:worker_threads'

import type { CollectionDefinition } from '../collections/definitions'
import { type EntryContext, processEntry } from '../collections/entry'
import type { PoolTask } from './pool'

/**
 * A build worker: processes the files it is sent (parse, validate, highlight) and
 * posts the results back. Definitions arrive once, as plain data.
 */
const { defs, ctx }: { defs: CollectionDefinition[]; ctx: EntryContext } = workerData

/** Batches in the order they came: the pool sends the next before this one is done. */
let queue = Promise.resolve()

parentPort?.on('message', (tasks: PoolTask[]) => {
  queue = queue.then(() => processBatch(tasks))
})

async function processBatch(tasks: PoolTask[]) {
  const results = []
  for (const task of tasks) {
    try {
      const def = defs[task.def]
      if (!def) throw new Error(`worker: unknown collection index ${task.def}`)
      results.push({ index: task.index, result: await processEntry(def, task.file, ctx, task.text) })
    } catch (error) {
      results.push({ index: task.index, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    }
  }
  parentPort?.postMessage(results)
}
