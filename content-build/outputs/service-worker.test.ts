import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { BUILD_REPORT, privateDir } from '../../src/contract/content/build-output'
import { removeServiceWorker, SW_FILE, SW_TEMPLATE, writeServiceWorker } from './service-worker'

let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

/** A site folder with these files, and these in its private folder beside it. */
async function dist(files: Record<string, string>, hidden: Record<string, string> = {}) {
  dir = await mkdtemp(join(tmpdir(), 'fjord-sw-'))
  const out = join(dir, 'dist')
  const entries = [
    ...Object.entries(files).map(([name, text]) => [join(out, name), text] as const),
    ...Object.entries(hidden).map(([name, text]) => [join(privateDir(out), name), text] as const),
  ]
  for (const [file, text] of entries) {
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, text)
  }
  return out
}

/** The precache list written into sw.js. */
async function precached(out: string): Promise<{ url: string; revision: string | null }[]> {
  const text = await readFile(join(out, SW_FILE), 'utf8')
  const list = /const manifest = (\[.*?\]);/s.exec(text)?.[1]
  return JSON.parse(list ?? 'null')
}

describe('the service worker build', () => {
  it('precaches the shell, the app files and this build manifests, with revisions, and nothing private', async () => {
    const out = await dist(
      {
        '200.html': '<!doctype html><title>Shell</title>',
        '_app/index-abc123.js': 'console.log(1)',
        '_app/index-abc123.css': 'body{}',
        '_app/sql-wasm-def456.wasm': 'wasm',
        '__content/manifest.json': '{"buildId":"b1"}',
        '__content/docsv4/sql_dump.txt': 'CREATE TABLE t (a);',
        'builds/meta/b1.json': '{}',
        'builds/meta/b0.json': '{}',
        'docs/4.x/intro/index.html': '<!doctype html>',
      },
      { [SW_TEMPLATE]: 'const manifest = self.__WB_MANIFEST;', [BUILD_REPORT]: '{}' },
    )
    expect(await writeServiceWorker(out, 'b1')).toMatchObject({ files: 6 })
    const list = await precached(out)
    expect(list.map((e) => e.url).sort()).toEqual([
      '/200.html',
      '/__content/manifest.json',
      '/_app/index-abc123.css',
      '/_app/index-abc123.js',
      '/_app/sql-wasm-def456.wasm',
      '/builds/meta/b1.json',
    ])
    // Hashed names are their own revision; the others carry their content's.
    expect(list.find((e) => e.url === '/_app/index-abc123.js')?.revision).toBeNull()
    expect(list.find((e) => e.url === '/200.html')?.revision).toMatch(/^[a-f0-9]{32}$/)
  })

  it('names every precached file under the base path of a site served below the root', async () => {
    const out = await dist(
      {
        '200.html': '<!doctype html>',
        '_app/index-abc123.js': 'console.log(1)',
        '__content/manifest.json': '{"buildId":"b1"}',
        'builds/meta/b1.json': '{}',
      },
      { [SW_TEMPLATE]: 'const manifest = self.__WB_MANIFEST;' },
    )
    await writeServiceWorker(out, 'b1', '/fjord/')
    expect((await precached(out)).map((e) => e.url).sort()).toEqual([
      '/fjord/200.html',
      '/fjord/__content/manifest.json',
      '/fjord/_app/index-abc123.js',
      '/fjord/builds/meta/b1.json',
    ])
  })

  it('writes nothing without the bundled template (the content build run alone), and removes the worker when offline reading is off', async () => {
    const out = await dist({ '200.html': '<!doctype html>', [SW_FILE]: 'old' })
    expect(await writeServiceWorker(out, 'b1')).toBeUndefined()
    await removeServiceWorker(out)
    expect(existsSync(join(out, SW_FILE))).toBe(false)
  })
})
