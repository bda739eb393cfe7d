import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * Lints fixture sources at made-up paths with the project's real eslint.config.js:
 * proves the boundary rule is switched on where it must be, not only that it works.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'fjord/import-boundaries').map((m) => m.message)
}

describe('the import-boundaries lint rule', () => {
  it("refuses a feature importing another feature, its index as much as its internals, and accepts the feature's own code", async () => {
    const [internals] = await problems(
      'src/features/blog/components/post-card.tsx',
      "import { DocsPageView } from '../../docs/components/docs-page'\nexport const x = DocsPageView\n",
    )
    expect(internals).toContain('from features/docs: features never import each other')
    const [index] = await problems('src/features/blog/components/post-card.tsx', "import { DocsPageView } from '../../docs'\nexport const x = DocsPageView\n")
    expect(index).toContain('from features/docs: features never import each other')
    expect(index).toContain('Move what both need down to src/components or src/lib, or compose it in src/app')
    expect(await problems('src/features/blog/api.ts', "export { docsLoader } from '../docs/index'\n")).toHaveLength(1)
    expect(await problems('src/features/blog/components/post-card.tsx', "import { blogQuery } from '../api'\nexport const x = blogQuery\n")).toEqual([])
  })

  it('refuses shared code importing a feature or the app, and features importing the app', async () => {
    expect(await problems('src/components/ui/card/card.tsx', "import { SearchLauncher } from '../../../features/search'\nexport const x = SearchLauncher\n")).toHaveLength(1)
    expect(await problems('src/lib/format.ts', "export { routes } from '../app/router'\n")).toHaveLength(1)
    expect(await problems('src/features/docs/api.ts', "import { routes } from '../../app/router'\nexport const x = routes\n")).toHaveLength(1)
    // Dynamic imports count too.
    expect(await problems('src/lib/idle.ts', "export const load = () => import('../features/search')\n")).toHaveLength(1)
  })

  it('refuses src/ importing server/ or content-build/, except in tests and mocks', async () => {
    const [message] = await problems('src/lib/content/index.ts', "import type { NavItem } from '../../../content-build/navigation'\nexport type X = NavItem\n")
    expect(message).toContain('must not import server/, content-build/ or the tools')
    expect(await problems('src/prerender.tsx', "import { iconSetSync } from '../server/icons'\nexport const x = iconSetSync\n")).toHaveLength(1)
    expect(await problems('src/mocks/content.ts', "import { createApi } from '../../server/api'\nexport const x = createApi\n")).toEqual([])
    expect(await problems('src/features/docs/docs.test.ts', "import { buildContent } from '../../../content-build/build'\nexport const x = buildContent\n")).toEqual([])
  })

  it('lets the app import features and shared code', async () => {
    expect(
      await problems('src/app/router.tsx', "import { DocsPage } from '../features/docs'\nimport { paths } from '../contract/paths'\nexport const x = [DocsPage, paths]\n"),
    ).toEqual([])
  })

  it("lets only the lazily loaded route modules import a feature's pages, and the app no feature internals", async () => {
    expect(await problems('src/app/routes/blog.tsx', "import { BlogPage } from '../../features/blog/pages'\nexport const Component = BlogPage\n")).toEqual([])
    const [eager] = await problems('src/app/router.tsx', "import { BlogPage } from '../features/blog/pages'\nexport const x = BlogPage\n")
    expect(eager).toContain("a feature's pages.ts is for the lazily loaded route modules in src/app/routes only")
    const [internal] = await problems('src/app/routes/blog.tsx', "import { BlogPage } from '../../features/blog/components/blog-page'\nexport const Component = BlogPage\n")
    expect(internal).toContain('the app imports a feature through its index.ts, and its route components through its pages.ts')
    // A feature reaches no other feature, pages included.
    expect(await problems('src/features/landing/components/landing-page.tsx', "import { BlogPage } from '../../blog/pages'\nexport const x = BlogPage\n")).toHaveLength(1)
  })

  it('keeps src/contract free of the rest of src/, of React and of Node', async () => {
    expect(await problems('src/contract/paths.ts', "import { site } from '../config/site'\nexport const x = site\n")).toHaveLength(1)
    expect(await problems('src/contract/paths.ts', "import { useState } from 'react'\nexport const x = useState\n")).toHaveLength(1)
    const [node] = await problems('src/contract/paths.ts', "import { join } from 'node:path'\nexport const x = join\n")
    expect(node).toContain('uses no React, browser state library or Node API')
    expect(
      await problems('src/contract/api-schemas.ts', "import { z } from './zod'\nimport { parseEmailAddress } from './email-address'\nexport const x = [z, parseEmailAddress]\n"),
    ).toEqual([])
  })

  it('lets the build and the server import from src/ only the contract', async () => {
    const [message] = await problems('server/api.ts', "import { site } from '../src/config/site'\nexport const x = site\n")
    expect(message).toContain('import from src/ only src/contract')
    expect(await problems('content-build/build.ts', "import { format } from '../src/lib/format'\nexport const x = format\n")).toHaveLength(1)
    expect(await problems('content-build/build.ts', "import type { SiteConfig } from '../src/contract/site-schema'\nexport type X = SiteConfig\n")).toEqual([])
  })

  it("keeps the build away from the server and the scripts, and the server to the build's runtime entry", async () => {
    const [up] = await problems('content-build/vite/content-plugin.ts', "import { createApi } from '../../server/api'\nexport const x = createApi\n")
    expect(up).toContain('the content build never imports server/ or scripts/')
    expect(await problems('content-build/workers/pool.ts', "import { bundle } from '../../scripts/bundle'\nexport const x = bundle\n")).toHaveLength(1)
    const [deep] = await problems('server/api.ts', "import { buildContent } from '../content-build/build'\nexport const x = buildContent\n")
    expect(deep).toContain('only through content-build/runtime.ts')
    expect(await problems('server/query/runner.ts', "import { startTypeScriptWorker } from '../../content-build/runtime'\nexport const x = startTypeScriptWorker\n")).toEqual([])
  })

  it('keeps test and benchmark tools out of runtime code, and benchmarks off e2e/', async () => {
    const [runtime] = await problems('server/app.ts', "import { freePort } from '../testing/free-port'\nexport const x = freePort\n")
    expect(runtime).toContain('runtime code must not import testing/, e2e/ or scripts/')
    expect(await problems('server/app.test.ts', "import { buildFixture } from '../testing/fixture-site'\nexport const x = buildFixture\n")).toEqual([])
    const [bench] = await problems('scripts/bench/browser.ts', "import { launchBrowser } from '../../e2e/browser'\nexport const x = launchBrowser\n")
    expect(bench).toContain('scripts/ must not import e2e/')
  })

  it("reads the app's '@/' alias as src/, and keeps it out of code that Node loads", async () => {
    const [shared] = await problems('src/components/ui/card/card.tsx', "import { SearchLauncher } from '@/features/search'\nexport const x = SearchLauncher\n")
    expect(shared).toContain('components, lib and config are shared code')
    expect(await problems('src/features/blog/components/blog-page.tsx', "import { Card } from '@/components/ui/card/card'\nexport const x = Card\n")).toEqual([])
    const [node] = await problems('server/app.ts', "import { paths } from '@/contract/paths'\nexport const x = paths\n")
    expect(node).toContain("the '@/' alias is the browser app's")
    expect(await problems('src/contract/api-schemas.ts', "import { z } from '@/contract/zod'\nexport const x = z\n")).toHaveLength(1)
  })
})
