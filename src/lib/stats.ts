import { create } from 'zustand'

import type { SiteStats } from '../../content-build/build'
import { apiUrl } from '../config/site'

export type { SiteStats }

interface StatsState {
  /** Undefined until loaded (the header shows '...'), or when the API failed. */
  stats: SiteStats | undefined
  failed: boolean
  /** Loads the stats once; later calls reuse the first request. */
  load(): Promise<void>
}

let started: Promise<void> | undefined

export const useStats = create<StatsState>()((set) => ({
  stats: undefined,
  failed: false,
  load() {
    started ??= fetch(apiUrl('/stats'), { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        const body: unknown = await res.json()
        if (!isStats(body)) throw new Error('the reply is not a stats object')
        set({ stats: body })
      })
      .catch((error: unknown) => {
        console.warn(`[fjord] stats could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
        set({ failed: true })
      })
    return started
  },
}))

function isStats(value: unknown): value is SiteStats {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.version === 'string' && typeof v.stars === 'number'
}

/** '4.0.1' → '4.0': the release badge shows major.minor. */
export function majorMinor(version: string): string {
  const [major, minor = '0'] = version.replace(/^v/, '').split('.')
  return `${major}.${minor}`
}

/** Forgets loaded stats (tests). */
export function resetStats() {
  started = undefined
  useStats.setState({ stats: undefined, failed: false })
}
