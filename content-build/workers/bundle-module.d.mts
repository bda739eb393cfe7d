import type { Plugin } from 'esbuild'

/** See bundle-module.mjs. */
export function bundleModule(entry: URL, options?: { plugins?: Plugin[]; inputs?: URL[] }): Promise<URL>
export const ownImportMeta: Plugin
