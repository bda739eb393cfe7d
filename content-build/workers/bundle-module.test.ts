import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { bundleModule } from './bundle-module.mjs'

const esbuild = vi.hoisted(() => ({ builds: 0 }))
vi.mock('esbuild', async (importOriginal) => {
  const real = await importOriginal<typeof import('esbuild')>()
  return {
    ...real,
    build: (async (options) => {
      esbuild.builds++
      return real.build(options)
    }) as typeof real.build,
  }
})

const execFileAsync = promisify(execFile)
let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bundle-module-'))
  esbuild.builds = 0
})
afterEach(() => rm(dir, { recursive: true, force: true }))

async function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true })
    await writeFile(join(dir, name), text)
  }
}
const entry = () => pathToFileURL(join(dir, 'main.ts'))

describe('bundleModule', () => {
  it("bundles the entry's modules into one folder, each module keeping its own import.meta", async () => {
    await write({
      'main.ts': "export { where } from './deep/where.ts'\nexport const here: string = import.meta.url\n",
      'deep/where.ts': 'export const where = { url: import.meta.url, dirname: import.meta.dirname, filename: import.meta.filename }\n',
    })
    const bundled = await bundleModule(entry())
    expect(bundled.pathname).toMatch(/\/\.cache\/bundles\/main-[0-9a-f]{16}\/main\.mjs$/)
    const mod = (await import(bundled.href)) as { here: string; where: { url: string; dirname: string; filename: string } }
    expect(mod.here).toBe(entry().href)
    expect(mod.where).toEqual({ url: pathToFileURL(join(dir, 'deep/where.ts')).href, dirname: join(dir, 'deep'), filename: join(dir, 'deep/where.ts') })
  })

  it('leaves a module imported dynamically in its own file, loaded only when imported', async () => {
    await write({
      'main.ts': "export const later = () => import('./heavy.ts')\n",
      'heavy.ts': "export const heavy = 'the heavy module'\n",
    })
    const bundled = await bundleModule(entry())
    const folder = dirname(fileURLToPath(bundled))
    expect(await readFile(fileURLToPath(bundled), 'utf8')).not.toContain('the heavy module')
    expect((await readdir(folder)).length).toBe(2)
    const mod = (await import(bundled.href)) as { later: () => Promise<{ heavy: string }> }
    expect((await mod.later()).heavy).toBe('the heavy module')
  })

  it('bundles again only when a file that went into the bundle changes, is removed, or a plugin input changes', async () => {
    await write({ 'main.ts': "export { value } from './value.ts'\n", 'value.ts': 'export const value = 1\n', 'plugin-code.txt': 'v1' })
    const inputs = [pathToFileURL(join(dir, 'plugin-code.txt'))]
    const first = await bundleModule(entry(), { inputs })
    expect(await bundleModule(entry(), { inputs })).toEqual(first)
    expect(esbuild.builds).toBe(1)

    await write({ 'value.ts': 'export const value = 2\n' })
    const second = await bundleModule(entry(), { inputs })
    expect(esbuild.builds).toBe(2)
    expect(second).not.toEqual(first)
    expect(((await import(second.href)) as { value: number }).value).toBe(2)

    await write({ 'plugin-code.txt': 'v2' })
    // Same code out, so the same folder, but esbuild ran: the plugin may have changed it.
    expect(await bundleModule(entry(), { inputs })).toEqual(second)
    expect(esbuild.builds).toBe(3)

    await write({ 'main.ts': "export { value } from './other.ts'\n", 'other.ts': 'export const value = 3\n' })
    await bundleModule(entry(), { inputs })
    expect(esbuild.builds).toBe(4)
    // other.ts is now one of the inputs: removing it means bundling again (and failing here).
    await rm(join(dir, 'other.ts'))
    await expect(bundleModule(entry(), { inputs })).rejects.toThrow()
    expect(esbuild.builds).toBe(5)
  })
})

describe('content-build/workers/run-ts.mjs', () => {
  it('runs a TypeScript entry without a loader, with its own path and arguments in process.argv', async () => {
    await write({
      'main.ts': [
        "import { parseArgs } from 'node:util'",
        "const { values } = parseArgs({ options: { out: { type: 'string' } } })",
        'const loaders: string[] = process.execArgv',
        'process.stdout.write(JSON.stringify({ argv: process.argv.slice(1), out: values.out, loaders, meta: import.meta.url }))',
      ].join('\n'),
    })
    const { stdout } = await execFileAsync(process.execPath, [fileURLToPath(new URL('./run-ts.mjs', import.meta.url)), join(dir, 'main.ts'), '--out', 'dist'], { cwd: dir })
    expect(JSON.parse(stdout)).toEqual({ argv: [join(dir, 'main.ts'), '--out', 'dist'], out: 'dist', loaders: [], meta: entry().href })
  })

  it("reports an entry's syntax error with its file, through tsx", async () => {
    await write({ 'main.ts': 'export const broken = (\n' })
    const run = execFileAsync(process.execPath, [fileURLToPath(new URL('./run-ts.mjs', import.meta.url)), join(dir, 'main.ts')], { cwd: dir })
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(join(dir, 'main.ts')) })
  })
})
