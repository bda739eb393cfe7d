import { parentPort, workerData } from 'node:worker_threads'

import type { CollectionDefinition } from './collections'
import { processEntry, type EntryContext } from './entry'
import type { PoolTask } from './pool'

/**
 * A build worker: processes the files it is sent (parse, validate, highlight) and
 * posts the results back. Definitions arrive once, as plain data.
 */
const { defs, ctx }: { defs: CollectionDefinition[]; ctx: EntryContext } = workerData

parentPort?.on('message', async (tasks: PoolTask[]) => {
  const results = []
  for (const task of tasks) {
    const def = defs[task.def]
    if (!def) throw new Error(`worker: unknown collection index ${task.def}`)
    try {
      results.push({ index: task.index, result: await processEntry(def, task.file, ctx, task.text) })
    } catch (error) {
      results.push({ index: task.index, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    }
  }
  parentPort?.postMessage(results)
})
