import { create } from 'zustand'

export type ColorMode = 'light' | 'dark'

export const COLOR_MODE_KEY = 'fjord-color-mode'
/** theme-color per mode: dark navy in dark mode, white otherwise (SPEC point 2). */
export const THEME_COLORS: Record<ColorMode, string> = { dark: '#020420', light: '#ffffff' }

/** Routes whose colour mode is forced (SPEC: /admin/login is dark); the toggle hides there. */
export const FORCED_MODES: Readonly<Record<string, ColorMode>> = { '/admin/login': 'dark' }

function systemMode(): ColorMode {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

function storedMode(): ColorMode | undefined {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY)
    return value === 'dark' || value === 'light' ? value : undefined
  } catch {
    return undefined
  }
}

/** Applies a mode to the document: the `dark` class, color-scheme and the theme-color meta. */
export function applyColorMode(mode: ColorMode) {
  const root = document.documentElement
  root.classList.toggle('dark', mode === 'dark')
  root.style.colorScheme = mode
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')
  if (!meta) {
    meta = document.createElement('meta')
    meta.name = 'theme-color'
    document.head.append(meta)
  }
  meta.content = THEME_COLORS[mode]
}

interface ColorModeState {
  /** The reader's choice (or the system's). */
  preference: ColorMode
  /** A route's forced mode, if any: it wins, and the toggle hides. */
  forced: ColorMode | undefined
  toggle(): void
  force(mode: ColorMode | undefined): void
}

export const useColorMode = create<ColorModeState>()((set, get) => ({
  preference: typeof document === 'undefined' ? 'light' : (storedMode() ?? systemMode()),
  forced: undefined,
  toggle() {
    const preference: ColorMode = get().preference === 'dark' ? 'light' : 'dark'
    try {
      localStorage.setItem(COLOR_MODE_KEY, preference)
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    set({ preference })
    if (!get().forced) applyColorMode(preference)
  },
  force(mode) {
    set({ forced: mode })
    applyColorMode(mode ?? get().preference)
  },
}))

/**
 * Runs in index.html before the first paint, so a dark-mode reader never sees a white
 * flash. Keep it in step with applyColorMode (it cannot import it: it runs first).
 */
export const colorModeBootScript = `(function(){try{var f=${JSON.stringify(FORCED_MODES)}[location.pathname.replace(/\\/$/,'')];var m=f||localStorage.getItem('${COLOR_MODE_KEY}');if(m!=='dark'&&m!=='light')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';var r=document.documentElement;r.classList.toggle('dark',m==='dark');r.style.colorScheme=m;var t=document.querySelector('meta[name="theme-color"]');if(t)t.content=m==='dark'?'${THEME_COLORS.dark}':'${THEME_COLORS.light}'}catch(e){}})()`
