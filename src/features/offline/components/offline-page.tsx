import { useQueries } from '@tanstack/react-query'
import { Link } from 'react-router-dom'

import { Icon } from '@/components/ui/icon'
import { site } from '@/config/site'
import { localeLabel } from '@/contract/locales'
import { editions, versionName } from '@/lib/content/docs-versions'
import { isOffline } from '@/lib/kept-fetch'
import { useWords } from '@/lib/ui-words'

import { offlineStatusQuery } from '../api'
import { useOfflineReady } from './offline-download'

import '../offline.css'

/** A failed load that means no connection: a fetch that never reached the server (or a browser that says it is offline). */
export function isOfflineError(error: unknown): boolean {
  // Offline, any failure to load is that; a page that does not exist (a route's 404, not an Error) stays a 404.
  if (isOffline() && error instanceof Error) return true
  // A fetch that failed: Chromium 'Failed to fetch', Firefox 'NetworkError when attempting
  // to fetch resource.', Safari 'Load failed'. A script chunk that failed to load ('Failed
  // to fetch dynamically imported module: …') is a deploy's missing file, not this.
  return error instanceof TypeError && /^(failed to fetch|networkerror when attempting to fetch resource\.?|load failed)$/i.test(error.message)
}

/**
 * What a page that needs the network shows without one: that the reader is offline,
 * what does open (pages read before, docs versions kept for offline reading, with links
 * to them), and a way to try again.
 */
export function OfflinePage() {
  // In the language of the page that could not open (site.config `locales[].ui`).
  const say = useWords()
  const ready = useOfflineReady()
  // Every docs edition kept: each version, in each language it is read in (a translation is downloaded on its own).
  const statuses = useQueries({ queries: editions.map((edition) => ({ ...offlineStatusQuery(edition.collection), enabled: ready })) })
  const kept = editions.filter((_, i) => statuses[i]?.data?.available)
  return (
    <main id="main" tabIndex={-1} className="error-page offline-page" data-offline="true">
      <Icon name="i-lucide-wifi-off" className="offline-page-icon" />
      <h1>{say('offlineTitle')}</h1>
      <p>{say('offlineText')}</p>
      {kept.length ? (
        <>
          <p>{say('offlineKept')}</p>
          <ul>
            {kept.map((version) => (
              <li key={version.collection}>
                <Link to={version.path}>
                  {say('offlineKeptDocs', { brand: site.brand.name, version: versionName(version) })}
                  {version.original === version.path ? null : ` (${localeLabel(site, version.locale)})`}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {say('tryAgain')}
      </button>
    </main>
  )
}
