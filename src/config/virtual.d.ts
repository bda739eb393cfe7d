declare module 'virtual:fjord-site-config' {
  const config: import('./site-schema').SiteConfig
  export default config
}
