import { create } from 'zustand'

interface AdBlockerState {
  /** undefined until checked (or when the site configures no ad script). */
  blocked: boolean | undefined
  detect(scriptUrl: string | undefined): Promise<void>
}

let checked: Promise<void> | undefined

/**
 * Ad-blocker detection by a HEAD request to the ad network's script (SPEC point 7):
 * blockers fail the request outright, so any network error means blocked. An opaque
 * no-cors reply is fine: it means the request went out.
 */
export const useAdBlocker = create<AdBlockerState>()((set) => ({
  blocked: undefined,
  detect(scriptUrl) {
    if (!scriptUrl) return Promise.resolve()
    checked ??= fetch(scriptUrl, { method: 'HEAD', mode: 'no-cors', cache: 'no-store' }).then(
      () => set({ blocked: false }),
      () => set({ blocked: true }),
    )
    return checked
  },
}))

/** Forgets the result (tests). */
export function resetAdBlocker() {
  checked = undefined
  useAdBlocker.setState({ blocked: undefined })
}
