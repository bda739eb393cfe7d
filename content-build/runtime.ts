/**
 * What the production server uses of the build's code at run time, and the only file of
 * content-build/ that server/ imports (lint holds it): starting a TypeScript module on a
 * worker thread (the query endpoint's workers), and the CSP hashes of a page's inline
 * scripts and styles, worked out as the build works them out.
 */
export { startTypeScriptWorker } from './workers/typescript-worker'
export { inlineHashes } from './outputs/inline-hashes'
