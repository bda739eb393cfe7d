import { withBase } from './base'

/** The colour mode as the app, the build (the boot script in index.html) and its tests share. */
export type ColorMode = 'light' | 'dark'

/** Where the reader's choice is kept (localStorage), under the brand's key. */
export const colorModeKey = (brandKey: string) => `${brandKey}-color-mode`
/**
 * theme-color per mode is the page's background (SPEC point 2: dark navy in dark mode,
 * white otherwise), which the theme derives: the build writes both on the meta as
 * `data-light` and `data-dark` (themeColorMeta), and a change of mode copies one into
 * its `content`.
 */
export function themeColorMeta(colors: Record<ColorMode, string>): string {
  return `<meta name="theme-color" content="${colors.light}" data-light="${colors.light}" data-dark="${colors.dark}" />`
}

/** Routes whose colour mode is forced (SPEC: /admin/login is dark); the toggle hides there. */
export const FORCED_MODES: Readonly<Record<string, ColorMode>> = { '/admin/login': 'dark' }

/** FORCED_MODES by the paths the browser shows, under the site's base (the boot script reads `location.pathname`). */
function forcedModesUnder(base: string): Record<string, ColorMode> {
  return Object.fromEntries(Object.entries(FORCED_MODES).map(([path, mode]) => [withBase(base, path), mode]))
}

/**
 * Runs in index.html before the first paint, so a dark-mode reader never sees a white
 * flash. Keep it in step with applyColorMode (it cannot import it: it runs first). A
 * function, so that the app's bundle, which imports this module for the mode's names,
 * leaves the script out.
 */
export const colorModeBootScript = (brandKey: string, base = '/'): string =>
  `(function(){try{var f=${JSON.stringify(forcedModesUnder(base))}[location.pathname.replace(/\\/$/,'')];var m=f||localStorage.getItem(${JSON.stringify(colorModeKey(brandKey))});if(m!=='dark'&&m!=='light')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';var r=document.documentElement;r.classList.toggle('dark',m==='dark');r.style.colorScheme=m;var t=document.querySelector('meta[name="theme-color"]');if(t&&t.dataset[m])t.content=t.dataset[m]}catch(e){}})()`
