import { create } from 'zustand'
import { persist } from 'zustand/middleware'

import { storageKey } from '@/config/site'

// Apart from the palette's open state (store.ts), which the header's launcher reads: this store and the persist middleware
// load with the palette's own code, not with every page.

/** How many recent searches the palette remembers. */
export const RECENT_SEARCHES = 5
const RECENT_KEY = storageKey('recent-searches')

interface RecentState {
  /** The reader's last searches that led somewhere, newest first. */
  recent: string[]
  remember(query: string): void
  forget(): void
}

/** The last searches a reader followed to a page, kept in this browser (localStorage). */
export const useRecentSearches = create<RecentState>()(
  persist(
    (set) => ({
      recent: [],
      remember: (query) =>
        set((s) => {
          const text = query.trim().slice(0, 100)
          if (!text) return s
          return { recent: [text, ...s.recent.filter((q) => q.toLowerCase() !== text.toLowerCase())].slice(0, RECENT_SEARCHES) }
        }),
      forget: () => set({ recent: [] }),
    }),
    {
      name: RECENT_KEY,
      // What storage holds is checked, not trusted: anything else starts empty.
      merge: (stored, current) => {
        const recent = (stored as { recent?: unknown } | undefined)?.recent
        return { ...current, recent: Array.isArray(recent) ? recent.filter((q): q is string => typeof q === 'string').slice(0, RECENT_SEARCHES) : [] }
      },
      partialize: (s) => ({ recent: s.recent }),
    },
  ),
)
