import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { defaultSettings } from '../server/security/settings'
import { serveBuilds } from '../server/serve'
import type { BuiltSite } from '../server/site'
import config from '../site.config'
import { privateDir } from '../src/contract/content/build-output'
import type { SiteConfig } from '../src/contract/site-schema'
import { contentBuildArgs } from './content-build-command'

const root = resolve(import.meta.dirname, '..')
const execFileAsync = promisify(execFile)
const vite = resolve(root, 'node_modules/vite/bin/vite.js')
// As `npm run build` builds: a test runner's NODE_ENV=test would bundle React's development build.
const production = { ...process.env, NODE_ENV: 'production' }

/**
 * `vite build`'s arguments for a site config other than site.config.ts's: a Vite config
 * of its own, written under .cache/, is vite.config.ts's for that config (`viteConfigFor`),
 * so its header, footer, sections, theme and brand key are the ones the app is built with.
 */
async function configArgs(siteConfig: SiteConfig | undefined): Promise<string[]> {
  if (!siteConfig) return []
  const text = JSON.stringify(siteConfig)
  const dir = join(root, '.cache', 'site-configs', createHash('sha256').update(text).digest('hex').slice(0, 12))
  await mkdir(dir, { recursive: true })
  const file = join(dir, 'vite.config.mjs')
  await writeFile(file, `import { viteConfigFor } from ${JSON.stringify(join(root, 'vite.config.ts'))}\nexport default viteConfigFor(${text})\n`)
  return ['--config', file]
}

/** Environment variables a build reads besides the process's own (`BASE_PATH`). */
type BuildEnv = Record<string, string>

/** The app alone (`vite build`) into `dist`, ready for a content build to fill; with `siteConfig`, built for that config. */
export async function buildApp(dist: string, { siteConfig, env = {} }: { siteConfig?: SiteConfig; env?: BuildEnv } = {}): Promise<void> {
  const args = [vite, 'build', ...(await configArgs(siteConfig)), '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']
  await execFileAsync(process.execPath, args, { cwd: root, env: { ...production, ...env } })
}

/** The server bundle that prerenders docs pages (`vite build --ssr`), built once per `key` (and `siteConfig`); returns its file. */
export async function buildPrerenderer(key: string, { siteConfig, env = {} }: { siteConfig?: SiteConfig; env?: BuildEnv } = {}): Promise<string> {
  // In the checkout: the server bundle imports its packages from node_modules.
  const ssr = join(
    root,
    '.cache',
    'bench-prerender',
    createHash('sha256')
      .update(`${key}:${JSON.stringify(siteConfig ?? null)}:${JSON.stringify(env)}`)
      .digest('hex')
      .slice(0, 12),
  )
  const args = [vite, 'build', ...(await configArgs(siteConfig)), '--ssr', 'src/prerender.tsx', '--outDir', ssr, '--emptyOutDir', '--logLevel', 'warn']
  await execFileAsync(process.execPath, args, { cwd: root, env: { ...production, ...env } })
  return join(ssr, 'prerender.js')
}

export interface ContentOptions {
  /** The prerendering bundle (buildPrerenderer): each docs page's index.html then carries its markup. */
  prerender?: string
  /** A file for the content build's own timings and peak memory (workers included), as JSON. */
  report?: string
  /** Docs folders read from elsewhere (`{ DOCS_V4_DIR: tree }`); unset ones come from `contentRoot`. */
  docs?: Record<string, string>
  /** 'warn' for content the site config's links were not written for (a generated corpus): they are reported, not fatal. */
  links?: 'error' | 'warn'
  /** Environment variables the build reads (`BASE_PATH`, `SITE_HOSTING`). */
  env?: BuildEnv
  /** The base path to build for (BASE_PATH, `/fjord/`); the site config's otherwise. */
  base?: string
}

/**
 * The content of the project at `contentRoot` (this checkout or a scratch site) built
 * into an app build, as `npm run build` does, without the build cache. Resolves to
 * what the build printed (its warnings and summary).
 */
export async function buildContentInto(dist: string, contentRoot: string, { prerender, report, docs = {}, links, env = {}, base }: ContentOptions = {}): Promise<string> {
  const args = [...contentBuildArgs(), '--root', contentRoot, '--out', dist, '--no-cache', ...(links ? ['--links', links] : [])]
  if (prerender) args.push('--prerender', prerender)
  if (report) args.push('--report', report)
  const { stderr } = await execFileAsync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DOCS_V4_DIR: '', DOCS_V3_DIR: '', ...env, ...docs, ...(base ? { BASE_PATH: base } : {}) },
    maxBuffer: 64 * 1024 * 1024,
  })
  return stderr
}

/**
 * The app built into `dist` with the content of the project at `contentRoot`, as the
 * benchmarks serve it. The docs folders come from `contentRoot`, whatever DOCS_V4_DIR /
 * DOCS_V3_DIR say. With `prerender`, each docs page's index.html carries its rendered
 * markup, as `npm run build` writes it. With `base`, the whole site is built for that
 * base path, as `BASE_PATH=<base> npm run build` builds it.
 */
export async function buildSite(
  dist: string,
  contentRoot: string,
  { prerender = false, report, links, env: extra = {}, base }: { prerender?: boolean; report?: string; links?: ContentOptions['links']; env?: BuildEnv; base?: string } = {},
): Promise<string> {
  const env = base ? { ...extra, BASE_PATH: base } : extra
  await buildApp(dist, { env })
  await buildContentInto(dist, contentRoot, {
    ...(prerender ? { prerender: await buildPrerenderer(dist, { env }) } : {}),
    ...(report ? { report } : {}),
    ...(links ? { links } : {}),
    env,
  })
  return dist
}

/** A copy of a built site: its dist/ and the private folder beside it (the drafts, the service worker's template, Vite's manifest). */
export async function copySite(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true })
  if (existsSync(privateDir(from))) await cp(privateDir(from), privateDir(to), { recursive: true })
}

/** A built site served by the real server on a free loopback port, as `npm start` serves it (a newer build written there is picked up). */
export async function serveDist(dist: string): Promise<{ site: BuiltSite; url: string; close: () => Promise<void> }> {
  const serving = await serveBuilds({ distDir: dist, config, settings: defaultSettings(config), hostname: '127.0.0.1', port: 0, log: () => {} })
  return { site: serving.live.site, url: serving.url, close: () => serving.close() }
}
