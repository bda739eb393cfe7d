import { create } from 'zustand'

import { site } from '../config/site'
import { brandKey } from '../contract/brand-key'
import { type ColorMode, colorModeKey } from '../contract/color-mode'

/** Where the reader's choice is kept: the key the boot script reads. */
const COLOR_MODE_KEY = colorModeKey(brandKey(site.brand))

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
  // The theme's background for the mode, which the build wrote on the meta (themeColorMeta).
  const color = meta.dataset[mode]
  if (color) meta.content = color
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
