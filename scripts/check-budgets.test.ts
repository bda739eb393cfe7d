import { describe, expect, it } from 'vitest'

import { filesBeforePaint, overBudget, routeFiles, type ViteManifest } from './check-budgets'

const manifest: ViteManifest = {
  'index.html': { file: '_app/index-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['_app/index-1.css'] },
  '_shared-1.js': { file: '_app/shared-1.js', imports: ['index.html'] },
  'src/app/routes/modules.tsx': { file: '_app/modules-1.js', imports: ['_shared-1.js', '_cards-1.js'], css: ['_app/modules-1.css'] },
  '_cards-1.js': { file: '_app/cards-1.js', css: ['_app/cards-1.css'] },
  'src/app/routes/blog.tsx': { file: '_app/blog-1.js' },
}

describe('first-load budgets', () => {
  it('count the entry and the route modules with their static imports and CSS, once each', () => {
    expect(routeFiles(manifest, ['src/app/routes/modules.tsx'], { worker: '_app/db.worker-1.js', wasm: '_app/sql-wasm-1.wasm' })).toEqual({
      js: ['_app/cards-1.js', '_app/db.worker-1.js', '_app/index-1.js', '_app/modules-1.js', '_app/shared-1.js'],
      css: ['_app/cards-1.css', '_app/index-1.css', '_app/modules-1.css'],
      wasm: ['_app/sql-wasm-1.wasm'],
    })
    // A route that does not start the database loads neither its worker nor the WebAssembly.
    expect(routeFiles(manifest, [], undefined)).toEqual({ js: ['_app/index-1.js', '_app/shared-1.js'], css: ['_app/index-1.css'], wasm: [] })
  })

  it('refuse a module the build does not have', () => {
    expect(() => routeFiles(manifest, ['src/app/routes/gone.tsx'], undefined)).toThrow('"src/app/routes/gone.tsx" is not in the build\'s manifest')
  })

  it('say which route is over which budget, and by how much', () => {
    const lines = overBudget([
      { route: 'docs page', example: '/docs/4.x/x', sizes: { js: 150 * 1024, css: 8 * 1024, wasm: 330 * 1024 }, budget: { js: 140 * 1024, css: 9 * 1024, wasm: 340 * 1024 } },
      { route: 'home', example: '/', sizes: { js: 1024, css: 12.5 * 1024, wasm: 0 }, budget: { js: 2048, css: 12 * 1024, wasm: 0 } },
    ])
    expect(lines).toEqual([
      'budget exceeded: "docs page" JavaScript is 150.0 KB gzip, 10.0 KB over its budget of 140.0 KB',
      'budget exceeded: "home" CSS is 12.5 KB gzip, 0.5 KB over its budget of 12.0 KB',
    ])
  })

  it('count what a drawn page names before the app starts: stylesheets, images and scripts, under the site’s base', () => {
    const html = [
      '<link rel="icon" href="/fjord/favicon.svg" />',
      '<link rel="stylesheet" crossorigin href="/fjord/_app/index-1.css">',
      '<link rel="preload" as="image" href="/fjord/design-kit/logo.svg"/>',
      '<img src="/fjord/design-kit/logo.svg" alt="" />',
      '<img src="/fjord/_thumbnails/far.webp" loading="lazy" alt="" />',
      '<img src="https://example.com/x.png" alt="" />',
      '<link rel="modulepreload" crossorigin href="/fjord/_app/shared-1.js">',
      '<script type="module" crossorigin src="/fjord/_app/index-1.js"></script>',
      '<script type="module">const app={"entry":"/fjord/_app/index-1.js"}</script>',
    ].join('\n')
    expect(filesBeforePaint(html, '/fjord/')).toEqual({
      files: ['_app/index-1.css', 'design-kit/logo.svg', '_app/shared-1.js', '_app/index-1.js'],
      scripts: ['_app/shared-1.js', '_app/index-1.js'],
    })
    // A drawn page of this build starts the app from an inline script: it fetches none before its paint.
    expect(filesBeforePaint('<link rel="stylesheet" href="/_app/index-1.css"><script type="module">import("/_app/index-1.js")</script>', '/').scripts).toEqual([])
  })

  it('say which page fetches too much before its first paint', () => {
    const lines = overBudget([
      { route: 'docs page', example: '/docs/4.x/x', sizes: { beforePaint: 130 * 1024, jsBeforePaint: 0 }, budget: { beforePaint: 120 * 1024, jsBeforePaint: 100 * 1024 } },
    ])
    expect(lines).toEqual(['budget exceeded: "docs page" what its page fetches before the first paint is 130.0 KB gzip, 10.0 KB over its budget of 120.0 KB'])
  })
})
