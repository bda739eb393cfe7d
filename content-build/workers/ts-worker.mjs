// Starts a TypeScript module on a worker thread. Worker threads do not inherit the
// TypeScript loader the process was started with (tsx registers its hooks per
// thread), so each worker registers it before importing its entry, given as a file
// URL in workerData.entry.
import { workerData } from 'node:worker_threads'

import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
