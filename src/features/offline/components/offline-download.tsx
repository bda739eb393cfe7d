import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'

import { Button } from '@/components/ui/button/button'
import { Icon } from '@/components/ui/icon'
import { contentClient } from '@/lib/content/index'
import { formatBytes } from '@/lib/format'
import { useWords } from '@/lib/ui-words'

import { offlineStatusQuery } from '../api'
import { whenOfflineReady } from '../register'
import { useOfflineDownloads } from '../store'

import '../offline.css'

/** Whether this page can keep content offline: a service worker keeps the site, and the content worker runs (WebAssembly). */
export function useOfflineReady(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void whenOfflineReady().then(() => live && setReady(contentClient.mode === 'worker'))
    return () => {
      live = false
    }
  }, [])
  return ready
}

/**
 * 'Download for offline' for one docs version, in its sidebar: the size first (pages and
 * bytes to download), then the progress with a way to stop, then 'Available offline'
 * with a way to remove the copy. Nothing shows where offline reading cannot work (no
 * service worker: in development, or a browser without one).
 */
export function OfflineDownload({ collection, label }: { collection: string; /** The version as readers name it (`4.x`). */ label: string }) {
  const ready = useOfflineReady()
  const { data: status } = useQuery({ ...offlineStatusQuery(collection), enabled: ready })
  const download = useOfflineDownloads((s) => s.downloads[collection])
  const { start, cancel, remove } = useOfflineDownloads.getState()
  const titleId = useId()
  // In the language of the docs page it sits in (site.config `locales[].ui`).
  const say = useWords()
  if (!ready || !status) return null
  const docs = say('offlineDocs', { version: label })
  const announcement =
    download?.state === 'downloading'
      ? say('offlineDownloading', { docs })
      : download?.state === 'failed'
        ? say('offlineFailed', { message: download.message })
        : status.available
          ? say('offlineAvailableAll', { pages: status.pages, docs })
          : ''
  return (
    <section className="offline-download" aria-labelledby={titleId} data-state={download?.state ?? (status.available ? 'available' : 'idle')}>
      <h2 id={titleId} className="offline-download-title">
        <Icon name="i-lucide-wifi-off" /> {say('readOffline')}
      </h2>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {download?.state === 'downloading' ? (
        <>
          <progress className="offline-progress" value={download.progress.received} max={download.progress.total || 1} aria-label={say('offlineDownloading', { docs })} />
          <p className="offline-download-note">
            {download.progress.total ? `${Math.floor((100 * download.progress.received) / download.progress.total)}%, ` : ''}
            {say('offlineProgress', { received: formatBytes(download.progress.received), total: formatBytes(download.progress.total) })}
          </p>
          <Button variant="ghost" size="sm" onClick={() => cancel(collection)}>
            {say('cancel')}
          </Button>
        </>
      ) : status.available ? (
        <>
          <p className="offline-download-note offline-download-done">
            <Icon name="i-lucide-circle-check" /> {say('offlineAvailable', { pages: status.pages, size: formatBytes(status.size.raw) })}
          </p>
          <Button variant="ghost" size="sm" icon="i-lucide-trash-2" onClick={() => void remove(collection)}>
            {say('removeOfflineCopy')}
          </Button>
        </>
      ) : (
        <>
          <p className="offline-download-note">{say('offlineOffer', { pages: status.pages, docs, size: formatBytes(status.size.gzip) })}</p>
          <Button variant="outline" size="sm" icon="i-lucide-download" onClick={() => void start(collection)}>
            {say('downloadForOffline')}
          </Button>
          {download?.state === 'failed' ? (
            <p className="offline-download-error" aria-hidden="true">
              {say('offlineFailedRetry', { message: download.message })}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
