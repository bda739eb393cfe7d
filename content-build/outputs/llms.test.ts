import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { buildContent } from '../build'
import { writeOutputs } from './write'

let fixture: Fixture
let dist: string

beforeAll(async () => {
  fixture = await createFixture({
    'content/docs/4.x/1.getting-started/2.setup.md': md({ title: 'Setup', description: 'Set it up.' }, '## Options\n\nConfigure it.\n'),
    'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro', description: 'Start here.' }, 'Welcome to Fjord.\n'),
    'content/docs/3.x/1.getting-started/1.intro.md': md({ title: 'Intro' }, 'Version 3.\n'),
    'content/es/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Introducción', description: 'Empieza aquí.' }, 'Bienvenido a Fjord.\n'),
  })
  dist = join(fixture.root, 'dist')
  await writeOutputs(await buildContent({ root: fixture.root, config: fixture.config, env: {} }), dist, fixture.config, 1)
})
afterAll(() => fixture.cleanup())

describe('files for AI tools', () => {
  it('writes each docs page as Markdown under /raw', async () => {
    expect(await readFile(join(dist, 'raw/docs/4.x/getting-started/setup.md'), 'utf8')).toBe('# Setup\n\n> Set it up.\n\n## Options\n\nConfigure it.\n')
  })

  it('lists every page in reading order in llms.txt, and the default version in full in llms-full.txt', async () => {
    const index = await readFile(join(dist, 'llms.txt'), 'utf8')
    expect(index).toContain(
      '## Version 4 (4.0.1)\n\n- [Intro](https://fjord.dev/raw/docs/4.x/getting-started/intro.md): Start here.\n- [Setup](https://fjord.dev/raw/docs/4.x/getting-started/setup.md): Set it up.',
    )
    expect(index).toContain('## Version 3 (3.17.7)\n\n- [Intro](https://fjord.dev/raw/docs/3.x/getting-started/intro.md)')
    const full = await readFile(join(dist, 'llms-full.txt'), 'utf8')
    expect(full.indexOf('Welcome to Fjord.')).toBeLessThan(full.indexOf('Configure it.'))
    expect(full).not.toContain('Version 3.')
  })

  it('gives each other language its own llms.txt and llms-full.txt of its translations, named by the default one', async () => {
    expect(await readFile(join(dist, 'raw/es/docs/4.x/getting-started/intro.md'), 'utf8')).toBe('# Introducción\n\n> Empieza aquí.\n\nBienvenido a Fjord.\n')
    const index = await readFile(join(dist, 'es/llms.txt'), 'utf8')
    expect(index).toContain('## Version 4 (4.0.1)\n\n- [Introducción](https://fjord.dev/raw/es/docs/4.x/getting-started/intro.md): Empieza aquí.\n')
    expect(index).not.toContain('/raw/docs/')
    expect(await readFile(join(dist, 'es/llms-full.txt'), 'utf8')).toContain('Bienvenido a Fjord.')
    expect(await readFile(join(dist, 'llms.txt'), 'utf8')).toContain('## Other languages\n\n- [Español](https://fjord.dev/es/llms.txt): the docs translated into es\n')
    expect(await readFile(join(dist, 'llms.txt'), 'utf8')).not.toContain('Introducción')
  })

  it("rewrites a page's Markdown on the next build into the same folder and removes a deleted page's", async () => {
    await fixture.write({ 'content/docs/4.x/1.getting-started/2.setup.md': md({ title: 'Setup', description: 'Set it up.' }, 'Changed.\n') })
    await rm(join(fixture.root, 'content/docs/4.x/1.getting-started/1.intro.md'))
    const next = await mkdtemp(join(fixture.root, 'next-'))
    await cp(dist, next, { recursive: true })
    await writeOutputs(await buildContent({ root: fixture.root, config: fixture.config, env: {} }), next, fixture.config, 1)
    expect(await readFile(join(next, 'raw/docs/4.x/getting-started/setup.md'), 'utf8')).toBe('# Setup\n\n> Set it up.\n\nChanged.\n')
    expect(existsSync(join(next, 'raw/docs/4.x/getting-started/intro.md'))).toBe(false)
    expect(existsSync(join(next, 'raw/docs/4.x/getting-started'))).toBe(true)
    expect(existsSync(join(next, 'raw/docs/3.x/getting-started/intro.md'))).toBe(true)
  })

  it("removes the folder of a deleted section's pages once it is empty", async () => {
    const site = await createFixture({
      'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro', description: 'Start here.' }, 'Welcome.\n'),
      'content/docs/4.x/2.guide/1.concepts/1.routing.md': md({ title: 'Routing', description: 'Routes.' }, 'Routes.\n'),
    })
    const out = join(site.root, 'dist')
    await writeOutputs(await buildContent({ root: site.root, config: site.config, env: {} }), out, site.config, 1)
    expect(existsSync(join(out, 'raw/docs/4.x/guide/concepts/routing.md'))).toBe(true)
    await rm(join(site.root, 'content/docs/4.x/2.guide'), { recursive: true })
    await writeOutputs(await buildContent({ root: site.root, config: site.config, env: {} }), out, site.config, 1)
    expect(existsSync(join(out, 'raw/docs/4.x/guide'))).toBe(false)
    expect(existsSync(join(out, 'raw/docs/4.x/getting-started/intro.md'))).toBe(true)
    await site.cleanup()
  })

  it('records when each page last changed', async () => {
    const payload = JSON.parse(await readFile(join(dist, 'docs/4.x/getting-started/intro/_payload.json'), 'utf8'))
    expect(new Date(payload.page.modifiedAt).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000)
  })
})
