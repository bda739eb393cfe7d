import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { iconFileSchema } from '../../src/contract/icon-sets'
import { iconNamesIn, writeIconFiles } from './icon-files'

let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('icon files', () => {
  it('find the icon names the code, the config and the content write', () => {
    const found = iconNamesIn(['icon: "i-lucide-rocket"', '<Icon name="i-simple-icons-github" />', 'i-lucide-arrow-right-left, i-lucide-rocket', 'hi-lucide-not'])
    expect(Object.fromEntries([...found].map(([set, names]) => [set, [...names].sort()]))).toEqual({
      lucide: ['arrow-right-left', 'rocket'],
      'simple-icons': ['github'],
    })
  })

  it('hold every icon named that its set has, one file per set named by its content; the folder holds only this build’s', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fjord-icons-'))
    const first = await writeIconFiles(dir, ['i-lucide-rocket i-lucide-book-open i-lucide-no-such-icon-here', 'i-simple-icons-github'])
    expect(Object.keys(first).sort()).toEqual(['lucide', 'simple-icons'])
    expect(first.lucide).toMatch(/^\/_icons\/lucide\.[a-f0-9]{12}\.json$/)
    const lucide = iconFileSchema.parse(JSON.parse(await readFile(join(dir, first.lucide ?? ''), 'utf8')))
    expect(Object.keys(lucide.icons).sort()).toEqual(['book-open', 'rocket'])
    expect(lucide.icons.rocket?.body).toContain('<path')
    expect(lucide.width).toBe(24)
    // The same icons are the same file; other icons another, and the old one goes.
    expect(await writeIconFiles(dir, ['i-simple-icons-github', 'i-lucide-book-open', 'i-lucide-rocket'])).toEqual(first)
    const next = await writeIconFiles(dir, ['i-lucide-rocket'])
    expect(next.lucide).not.toBe(first.lucide)
    expect(next['simple-icons']).toBeUndefined()
    expect(await readdir(join(dir, '_icons'))).toEqual([next.lucide?.slice('/_icons/'.length)])
  })
})
