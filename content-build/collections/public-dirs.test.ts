import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { treePublicDir } from './public-dirs'

let root: string | undefined
afterEach(() => (root ? rm(root, { recursive: true, force: true }) : undefined))

async function tree(files: string[]) {
  root = await mkdtemp(join(tmpdir(), 'public-dirs-'))
  for (const file of files) {
    await mkdir(join(root, file, '..'), { recursive: true })
    await writeFile(join(root, file), '')
  }
  return root
}

describe("a docs tree's public folder", () => {
  it("is a VitePress tree's own public/", async () => {
    const dir = await tree(['docs/.vitepress/config.ts', 'docs/public/search.png', 'docs/guide/a.md'])
    expect(treePublicDir(join(dir, 'docs'), true)).toBe(join(dir, 'docs/public'))
  })

  it('is the public/ of the Nuxt project holding a Nuxt Content tree, found from its content.config or nuxt.config', async () => {
    const dir = await tree(['site/content.config.ts', 'site/public/home/hero.svg', 'site/content/docs/1.start/1.intro.md'])
    expect(treePublicDir(join(dir, 'site/content/docs'), false)).toBe(join(dir, 'site/public'))
    const nuxt = await tree(['nuxt.config.ts', 'public/logo.svg', 'content/1.intro.md'])
    expect(treePublicDir(join(nuxt, 'content'), false)).toBe(join(nuxt, 'public'))
  })

  it('is none for a tree without one', async () => {
    const dir = await tree(['docs/.vitepress/config.ts', 'docs/a.md', 'notes/1.a.md', 'nuxt/content.config.ts', 'nuxt/content/a.md'])
    expect(treePublicDir(join(dir, 'docs'), true)).toBeUndefined()
    expect(treePublicDir(join(dir, 'notes'), false)).toBeUndefined()
    expect(treePublicDir(join(dir, 'nuxt/content'), false)).toBeUndefined()
  })
})
