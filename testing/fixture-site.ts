import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import { buildContent, type BuildOptions } from '../content-build/build'
import { defineCollections } from '../content-build/collections/definitions'
import { type WriteOptions, writeOutputs } from '../content-build/outputs/write'
import siteConfig from '../site.config'
import { contentPageRoutes } from '../src/contract/sections'
import type { SiteConfig } from '../src/contract/site-schema'

const projectRoot = resolve(import.meta.dirname, '..')

/**
 * A throwaway project for build tests: the real site config and collections, with
 * only the files a test writes. Every collection folder exists (empty) so tests
 * only write what they are about.
 */
export interface Fixture {
  root: string
  config: SiteConfig
  write(files: Record<string, string>): Promise<void>
  cleanup(): Promise<void>
}

/** A link into pages only the real content has: its docs, and the routes drawn from a page of their own (src/contract/sections.ts). */
const intoRealContent = (to: string) => to.startsWith('/docs/') || contentPageRoutes.includes(to)

/**
 * The real site config without its links into pages only the real content has (the
 * header's Docs menu and its Overview, the footer's Jobs, the redirects to docs pages):
 * the build checks every link of the config, and a fixture holds only the pages its
 * test writes.
 */
export const fixtureConfig: SiteConfig = {
  ...siteConfig,
  header: {
    ...siteConfig.header,
    menus: siteConfig.header.menus
      .filter((menu) => !menu.children?.some((link) => link.to.startsWith('/docs/')))
      .map((menu) => (menu.children ? { ...menu, children: menu.children.filter((link) => !intoRealContent(link.to)) } : menu)),
  },
  footer: { ...siteConfig.footer, columns: siteConfig.footer.columns.map((column) => ({ ...column, children: column.children.filter((link) => !intoRealContent(link.to)) })) },
  redirects: Object.fromEntries(Object.entries(siteConfig.redirects).filter(([, to]) => !intoRealContent(to))),
}

export async function createFixture(files: Record<string, string> = {}): Promise<Fixture> {
  const root = await mkdtemp(join(tmpdir(), 'content-build-'))
  const config = fixtureConfig
  for (const def of defineCollections(config, { env: {} })) await mkdir(join(root, def.dir), { recursive: true })
  await mkdir(join(root, 'public'), { recursive: true })
  const fixture: Fixture = {
    root,
    config,
    async write(more) {
      for (const [file, text] of Object.entries(more)) {
        const abs = join(root, file)
        await mkdir(dirname(abs), { recursive: true })
        await writeFile(abs, text)
      }
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  }
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>'
  const brandImages = [config.brand.logo, config.brand.icon.light, config.brand.icon.dark]
  await fixture.write({ ...Object.fromEntries(brandImages.map((image) => [`public${image}`, svg])), ...files })
  return fixture
}

/** Markdown with front matter, from an object of fields and a body. */
export function md(fields: Record<string, unknown>, body = ''): string {
  const yaml = Object.entries(fields)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n')
  return `---\n${yaml}\n---\n\n${body}`
}

/**
 * Builds a fixture's content into `dist` as `npm run build` does (version 1, docs trees
 * read from the fixture only), for tests that serve or read a real build.
 */
export async function buildFixture(
  fixture: Fixture,
  dist: string,
  { config = fixture.config, brokenLinks, write }: { config?: SiteConfig; brokenLinks?: BuildOptions['brokenLinks']; write?: WriteOptions } = {},
) {
  const output = await buildContent({ root: fixture.root, config, env: {}, ...(brokenLinks ? { brokenLinks } : {}) })
  // The app's sources name the icons it draws (a real build reads its bundle): the fixture's icon files hold them too.
  await writeOutputs(output, dist, config, 1, { appSources: join(projectRoot, 'src'), ...write })
  return output
}
