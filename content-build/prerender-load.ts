import { pathToFileURL } from 'node:url'

import { iconFromInstalledSets } from '../server/icons'
import type { NavItem } from './navigation'
import type { PagePayloadJson } from './outputs'

/** Renders a docs page's markup for its index.html (src/prerender.tsx, built for Node). */
export type RenderDocsPage = (payload: PagePayloadJson, navigation: NavItem[]) => string

export class PrerenderLoadError extends Error {}

/**
 * Loads the prerender bundle (`vite build --ssr src/prerender.tsx`) in this thread:
 * the build's main thread, or one of its prerender workers.
 */
export async function loadPrerender(file: string): Promise<RenderDocsPage> {
  // The bundle imports React from node_modules, which picks its build by NODE_ENV when first
  // loaded: the pages are for production, and React's development build (checks and
  // warnings on every element) took twice as long to render them.
  process.env.NODE_ENV ??= 'production'
  const mod: unknown = await import(pathToFileURL(file).href).catch((error: unknown) => {
    throw new PrerenderLoadError(
      `--prerender ${file} could not be loaded (run vite build --ssr src/prerender.tsx first): ${error instanceof Error ? error.message : String(error)}`,
    )
  })
  if (typeof mod !== 'object' || mod === null || !('renderDocsPage' in mod) || typeof mod.renderDocsPage !== 'function') {
    throw new PrerenderLoadError(`--prerender ${file} does not export renderDocsPage`)
  }
  // The prerender draws icons into the HTML from the installed sets (the app fetches them at run time).
  if ('setIconSource' in mod && typeof mod.setIconSource === 'function') mod.setIconSource(iconFromInstalledSets)
  return mod.renderDocsPage as RenderDocsPage
}
