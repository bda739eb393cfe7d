import { useEffect, useLayoutEffect } from 'react'
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom'

import { LoadingBar } from '../components/ui/loading-bar/loading-bar'
import { ERROR_DESCRIPTION, ERROR_TITLE } from '../contract/messages'
import { isOfflineError, OfflinePage } from '../features/offline'
import { type PageError, pageError } from '../lib/errors'
import { removePrerendered } from '../lib/prerendered'
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
 * The error page: header, status code, status message, the message only when it says
 * something more, 'Back to home', footer. Bots get no page: the error is logged.
 */
export function ErrorPage() {
  const error = useRouteError()
  const navigate = useNavigate()
  const { statusCode, statusMessage, message, fatal } = readError(error)

  // The build's copy of a docs page that turned out to fail (a lost chunk) must not stay beside this page.
  useLayoutEffect(removePrerendered, [])
  useEffect(() => {
    document.title = ERROR_TITLE
    document.querySelector('meta[name="description"]')?.setAttribute('content', ERROR_DESCRIPTION)
  }, [])

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
        <button type="button" className="button button-primary" onClick={() => navigate('/', { replace: true })}>
          Back to home
        </button>
      </main>
      <Footer />
    </>
  )
}
