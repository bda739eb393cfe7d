import { useEffect, useLayoutEffect } from 'react'
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom'

import { LoadingBar } from '../components/ui/loading-bar/loading-bar'
import { Toaster } from '../components/ui/toasts/toaster'
import { site } from '../config/site'
import { defaultLocale, localeOf, localizedPath } from '../contract/locales'
import { paths } from '../contract/paths'
import { isOfflineError, OfflinePage } from '../features/offline'
import { editions } from '../lib/content/docs-versions'
import { type PageError, pageError } from '../lib/errors'
import { usePageLanguage } from '../lib/page-effects'
import { removePrerendered } from '../lib/prerendered'
import { useWords } from '../lib/ui-words'
import { Footer } from './layouts/footer'
import { Header } from './layouts/header'

function readError(error: unknown): PageError {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data
    if (typeof body === 'object' && body !== null && 'statusMessage' in body) {
      const statusMessage = String(body.statusMessage)
      const message = 'message' in body ? String(body.message) : statusMessage
      return pageError(error.status, statusMessage, 'fatal' in body && body.fatal === true, message)
    }
    return pageError(error.status, error.statusText || String(body), true)
  }
  return pageError(500, 'Server Error', true, error instanceof Error ? error.message : String(error))
}

const BOT = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview/i

/**
 * Where 'Back to home' leads from `pathname`: `/` (SPEC), except in a language other
 * than the default. The site's home page is read in the default language only, so a
 * reader of the Spanish docs who meets a dead link is sent to the start of the Spanish
 * docs (`/es/docs`), the home the site has in their language, rather than dropped on an
 * English page; a locale with no docs translated has no such home and gets `/`.
 */
function homeOf(pathname: string): string {
  const locale = localeOf(site, pathname)
  if (locale === defaultLocale(site) || !editions.some((v) => v.locale === locale.code)) return '/'
  return localizedPath(site, paths.docs(), locale.code)
}

/**
 * The error page: header, status code, status message, the message only when it says
 * something more, 'Back to home', footer. Bots get no page: the error is logged.
 */
export function ErrorPage() {
  const error = useRouteError()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // In the language of the path asked for (site.config `locales[].ui`): SPEC's English words in the default one.
  const say = useWords()
  const { statusCode, statusMessage, message, fatal } = readError(error)

  // The build's copy of a docs page that turned out to fail (a lost chunk) must not stay beside this page.
  useLayoutEffect(removePrerendered, [])
  // This page stands in for the layout, which keeps `<html lang dir>` for the others.
  usePageLanguage()
  useEffect(() => {
    document.title = say('errorTitle')
    document.querySelector('meta[name="description"]')?.setAttribute('content', say('errorDescription'))
  }, [say])

  if (typeof navigator !== 'undefined' && BOT.test(navigator.userAgent)) {
    console.error(error)
    return null
  }
  // No connection, and this page was not kept: say so, and what does open offline.
  if (isOfflineError(error)) {
    return (
      <>
        <LoadingBar loading={false} failed />
        <Header />
        <OfflinePage />
        <Footer />
        <Toaster />
      </>
    )
  }
  return (
    <>
      <LoadingBar loading={false} failed />
      <Header />
      <main id="main" tabIndex={-1} className="error-page" data-status={statusCode} data-fatal={fatal}>
        <h1>{statusCode}</h1>
        <p>{statusMessage}</p>
        {message !== statusMessage ? <p>{message}</p> : null}
        {/* Navigating away clears the route error. */}
        <button type="button" className="button button-primary" onClick={() => navigate(homeOf(pathname), { replace: true })}>
          {say('backToHome')}
        </button>
      </main>
      <Footer />
      {/* The layout's toasts are not on screen with this page, and its footer's newsletter form has some to show. */}
      <Toaster />
    </>
  )
}
