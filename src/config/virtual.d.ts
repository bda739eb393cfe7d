declare module 'virtual:fjord-site-config' {
  const config: import('../contract/site-schema').SiteConfig
  export default config
}

/** The site's own Markdown components (`content.components` in site.config.ts), by name. */
declare module 'virtual:fjord-content-components' {
  const components: Readonly<Record<string, import('react').ComponentType<Record<string, unknown>>>>
  export default components
}
