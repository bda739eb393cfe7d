// Worker threads do not inherit the TypeScript loader the build was started with
// (tsx registers its hooks per thread), so each build worker registers it itself.
import { register } from 'tsx/esm/api'

register()
await import('./worker.ts')
