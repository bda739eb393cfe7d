declare module 'virtual:fjord-site-config' {
  const config: import('../contract/site-schema').SiteConfig
  export default config
}

/** The site's own Markdown components (`content.components` in site.config.ts), by name. */
declare module 'virtual:fjord-content-components' {
  const components: Readonly<Record<string, import('react').ComponentType<Record<string, unknown>>>>
  export default components
}

/**
 * Where each locale's interface words are, by code, when they are a chunk of their own (the
 * app's build): every locale but the default. Empty where the config carries every word.
 */
declare module 'virtual:fjord-locale-words' {
  // A locale's interface words and the config's labels in its language (site-config-plugin.ts).
  const loaders: Readonly<Record<string, () => Promise<{ default: { ui: Readonly<Record<string, string>>; labels: Readonly<Record<string, string>> } }>>>
  export default loaders
}

/** The brand icon of each colour mode as an inline drawing, or null where it is drawn from its file (content-build/vite/brand-mark.ts). */
declare module 'virtual:fjord-brand-marks' {
  const marks: Readonly<Record<'light' | 'dark', { viewBox: string; body: string } | null>>
  export default marks
}
