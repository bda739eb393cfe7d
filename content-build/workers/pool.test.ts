import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

import { afterEach, describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { buildContent } from '../build'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const page = (n: number) =>
  md(
    { title: `Page ${n}`, description: `Page ${n} of the guide.` },
    `## Setup ${n}\n\n> [!TIP]\n> Read [the intro](./1.intro) first.\n\n\`\`\`ts [fjord.config.ts]\nexport default { pages: ${n} }\n\`\`\`\n\n::callout\nA component.\n::\n`,
  )

describe('the build on worker threads', () => {
  it('gives every file the result the build gives in this thread, from a bundled worker module', async () => {
    const files: Record<string, string> = { 'content/docs/4.x/1.intro.md': md({ title: 'Intro', description: 'Start.' }, 'Hello.\n') }
    for (let n = 2; n <= 59; n++) files[`content/docs/4.x/${n}.page-${n}.md`] = page(n)
    // remark-mdc as patched on install: unpatched, a binding left open at the end of a file throws.
    files['content/docs/4.x/60.templates.md'] = md({ title: 'Templates', description: 'Bindings.' }, 'Write `x` then {{ name\n')
    fixture = await createFixture(files)
    const build = (workers: number) => buildContent({ root: fixture?.root ?? '', config: fixture?.config ?? ({} as never), env: {}, workers })

    // 60 files: three batches of up to 24, two sent to a worker before its first is done.
    const inline = await build(0)
    const pooled = await build(2)

    const rows = (out: typeof inline) => out.collections.find((c) => c.def.name === 'docsv4')?.rows
    expect(rows(inline)).toHaveLength(60)
    expect(rows(pooled)).toEqual(rows(inline))
    expect(pooled.contentHash).toBe(inline.contentHash)
    expect(JSON.stringify(rows(pooled)?.at(-1))).toContain('{{ name')
    // The workers loaded one plain ES module, not the TypeScript loader (about 0.6 s a worker).
    const bundles = await readdir(fileURLToPath(new URL('../../.cache/bundles/', import.meta.url)))
    expect(bundles.some((name) => /^worker-[0-9a-f]{16}$/.test(name))).toBe(true)
  })

  it("builds the demo site's pages on workers exactly as this thread does", async () => {
    // Every collection of this project's own content (docs, blog, landing…): tables, lists, alerts, components, code.
    const build = (workers: number) => buildContent({ root: process.cwd(), config: siteConfig, env: {}, workers })
    const inline = await build(0)
    const pooled = await build(2)
    expect(inline.collections.reduce((n, c) => n + c.rows.length, 0)).toBeGreaterThan(200)
    expect(pooled.collections.map((c) => c.rows)).toEqual(inline.collections.map((c) => c.rows))
    expect(pooled.contentHash).toBe(inline.contentHash)
  }, 60_000)
})
