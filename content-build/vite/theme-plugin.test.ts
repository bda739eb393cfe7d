import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { ResolvedConfig, ViteDevServer } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { themeModule } from './theme-plugin'

const config = { ...siteConfig, theme: { primary: '#e11d48', neutral: 'stone', radius: '0.5rem' } }

type Hook = (...args: unknown[]) => unknown
const hook = (plugin: ReturnType<typeof themeModule>, name: 'configResolved' | 'transform' | 'generateBundle' | 'configureServer'): Hook => {
  const value: unknown = plugin[name]
  if (typeof value !== 'function') throw new Error(`no ${name} hook`)
  return (...args) => Reflect.apply(value, context, args)
}
const context = {
  error(message: string): never {
    throw new Error(message)
  },
}

function resolved(root: string, command: 'build' | 'serve') {
  const plugin = themeModule(config)
  hook(plugin, 'configResolved')({ root, command, build: { ssr: false } } as Partial<ResolvedConfig>)
  return plugin
}

let root: string | undefined
afterEach(() => (root ? rm(root, { recursive: true, force: true }) : undefined))

describe('the theme plugin', () => {
  it("appends the theme's tokens to the app's stylesheet, and to nothing else", () => {
    const plugin = resolved('/site', 'build')
    const transform = hook(plugin, 'transform')
    const result = transform("@import './styles/tokens.css';", '/site/src/styles.css')
    const code = typeof result === 'object' && result !== null && 'code' in result ? String(result.code) : ''
    expect(code).toMatch(/^@import '\.\/styles\/tokens\.css';\n\/\* Generated from site\.config theme/)
    expect(code).toContain('--color-primary-fill: #e11d48;')
    expect(code).toContain('--radius: 0.5rem;')
    expect(transform('.x{}', '/site/src/components/ui/button/button.css')).toBeUndefined()
    expect(() => hook(plugin, 'generateBundle')()).not.toThrow()
  })

  it('stops an app build whose bundle left out the stylesheet, which would have no colours', () => {
    expect(() => hook(resolved('/site', 'build'), 'generateBundle')()).toThrow("src/styles.css was not in the app's bundle")
  })

  it('serves the brand files in development unless public/ has its own', async () => {
    root = await mkdtemp(join(tmpdir(), 'fjord-theme-'))
    const publicDir = join(root, 'public')
    await mkdir(join(publicDir, 'design-kit'), { recursive: true })
    await writeFile(join(publicDir, 'design-kit/fjord-icon-light.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>')
    await writeFile(join(publicDir, 'apple-touch-icon.png'), 'the team’s')
    const handlers: ((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void)[] = []
    const server = { config: { root, publicDir }, middlewares: { use: (handler: (typeof handlers)[number]) => handlers.push(handler) } }
    hook(resolved(root, 'serve'), 'configureServer')(server as unknown as ViteDevServer)
    const request = (url: string) =>
      new Promise<{ type?: string; body?: Buffer; next?: true }>((done) => {
        const headers: Record<string, string> = {}
        const res = {
          setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
          end: (body: Buffer) => done({ ...(headers['content-type'] ? { type: headers['content-type'] } : {}), body }),
        }
        handlers[0]?.({ url } as IncomingMessage, res as unknown as ServerResponse, () => done({ next: true }))
      })
    const manifest = await request('/manifest.webmanifest?v=1')
    expect(manifest.type).toBe('application/manifest+json')
    expect(JSON.parse(manifest.body?.toString() ?? '{}')).toMatchObject({ name: 'Fjord' })
    expect((await request('/icon-192.png')).type).toBe('image/png')
    expect(await request('/apple-touch-icon.png')).toEqual({ next: true })
    expect(await request('/docs/4.x')).toEqual({ next: true })
  })
})
