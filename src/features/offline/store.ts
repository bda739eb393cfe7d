import { create } from 'zustand'

import { queryClient } from '@/lib/query-client'

import { type DownloadProgress, downloadVersion, offlineStatusQuery, removeVersion } from './api'

export type DownloadState = { state: 'downloading'; progress: DownloadProgress; controller: AbortController } | { state: 'failed'; message: string }

interface OfflineDownloads {
  /** Downloads under way or failed, by collection; a finished one leaves (its status says it is kept). */
  downloads: Record<string, DownloadState | undefined>
  start(collection: string): Promise<void>
  cancel(collection: string): void
  remove(collection: string): Promise<void>
}

/**
 * Offline downloads outlive the sidebar that started them: a reader may move to another
 * page (or open the menu on a phone) and still see the progress.
 */
export const useOfflineDownloads = create<OfflineDownloads>()((set, get) => {
  const put = (collection: string, state: DownloadState | undefined) => set({ downloads: { ...get().downloads, [collection]: state } })
  return {
    downloads: {},
    async start(collection) {
      if (get().downloads[collection]?.state === 'downloading') return
      const controller = new AbortController()
      put(collection, { state: 'downloading', progress: { received: 0, total: 0 }, controller })
      try {
        await downloadVersion(collection, (progress) => put(collection, { state: 'downloading', progress, controller }), controller.signal)
        put(collection, undefined)
      } catch (error) {
        put(collection, controller.signal.aborted ? undefined : { state: 'failed', message: error instanceof Error ? error.message : String(error) })
      } finally {
        await queryClient.invalidateQueries({ queryKey: offlineStatusQuery(collection).queryKey })
      }
    },
    cancel(collection) {
      const download = get().downloads[collection]
      if (download?.state === 'downloading') download.controller.abort()
    },
    async remove(collection) {
      await removeVersion(collection)
      await queryClient.invalidateQueries({ queryKey: offlineStatusQuery(collection).queryKey })
    },
  }
})
