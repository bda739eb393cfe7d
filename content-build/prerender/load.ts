import { pathToFileURL } from 'node:url'

import type { NavItem } from '../collections/navigation'
import { iconFromInstalledSets } from '../icons'
import type { PagePayloadJson } from '../outputs/write'

/** Renders a docs page's markup for its index.html (src/prerender.tsx, built for Node). */
export type RenderDocsPage = (payload: PagePayloadJson, navigation: NavItem[]) => string

/** What the prerender bundle draws pages with, in the thread that loaded it. */
export interface PrerenderBundle {
  renderDocsPage: RenderDocsPage
  /**
   * Every other page, by the app's routes reading `payloads` (every non-docs route's, one
   * array for the whole build, given to the bundle once); absent in a bundle that draws
   * docs pages only.
   */
  renderRoutePage?: (path: string, payloads: readonly PagePayloadJson[]) => Promise<string>
}

export class PrerenderLoadError extends Error {}

/** The module's export `name` when it is a function (its signature is the bundle's contract). */
function exported<T>(mod: object, name: string): T | undefined {
  const value: unknown = Reflect.get(mod, name)
  return typeof value === 'function' ? (value as T) : undefined
}

/**
 * Loads the prerender bundle (`vite build --ssr src/prerender.tsx`) in this thread:
 * the build's main thread, or one of its prerender workers.
 */
export async function loadPrerender(file: string): Promise<PrerenderBundle> {
  // The bundle imports React from node_modules, which picks its build by NODE_ENV when first
  // loaded: the pages are for production, and React's development build (checks and
  // warnings on every element) took twice as long to render them.
  process.env.NODE_ENV ??= 'production'
  const mod: unknown = await import(pathToFileURL(file).href).catch((error: unknown) => {
    throw new PrerenderLoadError(
      `--prerender ${file} could not be loaded (run vite build --ssr src/prerender.tsx first): ${error instanceof Error ? error.message : String(error)}`,
    )
  })
  const renderDocsPage = typeof mod === 'object' && mod !== null ? exported<RenderDocsPage>(mod, 'renderDocsPage') : undefined
  if (typeof mod !== 'object' || mod === null || !renderDocsPage) throw new PrerenderLoadError(`--prerender ${file} does not export renderDocsPage`)
  // The prerender draws icons into the HTML from the installed sets (the app fetches them at run time).
  exported<(source: typeof iconFromInstalledSets) => void>(mod, 'setIconSource')?.(iconFromInstalledSets)
  const setRoutePayloads = exported<(payloads: readonly PagePayloadJson[]) => void>(mod, 'setRoutePayloads')
  const renderRoutePage = exported<(path: string) => Promise<string>>(mod, 'renderRoutePage')
  if (!setRoutePayloads || !renderRoutePage) return { renderDocsPage }
  let given: readonly PagePayloadJson[] | undefined
  return {
    renderDocsPage,
    renderRoutePage: (path, payloads) => {
      if (given !== payloads) setRoutePayloads(payloads)
      given = payloads
      return renderRoutePage(path)
    },
  }
}
