import { data, redirect } from 'react-router-dom'

import { getRedirects } from './app-manifest'
import { wordsFor } from './ui-words'

/** What a route threw, as the error page shows it (SPEC point 3: statusCode, statusMessage, message). */
export interface PageError {
  statusCode: number
  statusMessage: string
  message: string
  fatal: boolean
}

export function pageError(statusCode: number, statusMessage: string, fatal: boolean, message = statusMessage): PageError {
  return { statusCode, statusMessage, message, fatal }
}

/**
 * The build manifest's redirect for `path`, if it has one: a site path is a router
 * redirect; an external target leaves the site by a full page load.
 */
export async function followRedirect(path: string): Promise<void> {
  const target = (await getRedirects())[path]
  if (!target) return
  if (target.startsWith('/')) throw redirect(target)
  window.location.assign(target)
  await new Promise<never>(() => {})
}

/*
 * The 404s' messages are written in the language of the path asked for (`/es/...` in
 * Spanish, site.config `locales[].ui`), and in the default language SPEC's words exactly.
 */

/** A page whose data does not exist failed validation: the fatal 404 'Page Not Found: {path}' (unless redirected). */
export async function pageNotFound(path: string): Promise<never> {
  await followRedirect(path)
  throw data(pageError(404, wordsFor(path)('pageNotFoundFatal', { path }), true), { status: 404 })
}

/** A path no route matches: the non-fatal 404 'Page not found: {path}' (unless redirected). */
export async function routeNotFound(path: string): Promise<never> {
  await followRedirect(path)
  throw data(pageError(404, wordsFor(path)('pageNotFound', { path }), false), { status: 404 })
}
