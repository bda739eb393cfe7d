import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'

import { createLogger, createServer, type HotPayload, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { fjordContent } from './content-plugin'

/**
 * The content plugin in a real Vite dev server, on a project of its own: files saved
 * inside the project (as the demo's content is) and in a docs tree read through
 * DOCS_V4_DIR from elsewhere, the way editors save them, each seen by a rebuild.
 * Nothing is served here (the browser's side is e2e/dev-server.test.ts): the test
 * reads what each rebuild wrote.
 */
let fixture: Fixture
let tree: string
let server: ViteDevServer
const said: string[] = []
const sent: HotPayload[] = []

const page = (title: string, body: string) => md({ title, description: `${title}.` }, body)
const sponsor = (name: string) => `name: ${name}\nurl: https://sponsor.example.com\nlogo: /logo.svg\ntier: gold\n`

beforeAll(async () => {
  fixture = await createFixture({
    'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'content/manual-sponsors/acme.yml': sponsor('Acme'),
  })
  tree = await mkdtemp(join(tmpdir(), 'fjord-watch-tree-'))
  await writeTree({ '1.guide/.navigation.yml': 'title: Guide\n', '1.guide/1.intro.md': page('Intro', 'Welcome.\n') })
  const logger = createLogger('info')
  const record = (message: string) => said.push(message)
  server = await createServer({
    configFile: false,
    root: fixture.root,
    logLevel: 'info',
    customLogger: { ...logger, info: record, warn: record, warnOnce: record, error: record },
    plugins: [fjordContent(fixture.config, { serve: () => ({ load: async () => {}, listener: () => undefined, close: async () => {} }), env: { DOCS_V4_DIR: tree } })],
    server: { host: '127.0.0.1', port: 0, ws: false },
    optimizeDeps: { noDiscovery: true },
  })
  const send = server.ws.send.bind(server.ws)
  server.ws.send = (payload: HotPayload | string) => {
    if (typeof payload !== 'string') sent.push(payload)
    send(payload as HotPayload)
  }
  await server.listen()
}, 60_000)

afterAll(async () => {
  await server?.close()
  await fixture?.cleanup()
  if (tree) await rm(tree, { recursive: true, force: true })
})

async function writeTree(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, file)), { recursive: true })
    await writeFile(join(tree, file), text)
  }
}

/** Saves as vim, JetBrains IDEs and `sed -i` do: a new file written beside it, renamed over it. */
async function saveByRename(file: string, text: string) {
  const temporary = join(dirname(file), `.${basename(file)}.saving`)
  await writeFile(temporary, text)
  await rename(temporary, file)
}

const built = (path: string) => join(fixture.root, '.cache', 'dev-dist', path)
const payload = (route: string) => built(`${route}/_payload.json`)
const readBuilt = (path: string) => readFile(built(path), 'utf8').catch(() => '')

/** Waits until the dev build holds what a save should have produced. */
async function until(check: () => Promise<boolean> | boolean, what: string) {
  await expect.poll(check, { timeout: 20_000, interval: 100, message: `${what}; the dev server said:\n${said.join('\n')}` }).toBe(true)
}

describe('the dev server watches content', () => {
  it('rebuilds on every save of a page in a docs tree read from elsewhere, also one saved by a rename over it', async () => {
    const intro = join(tree, '1.guide/1.intro.md')
    await saveByRename(intro, page('Intro', 'First save.\n'))
    await until(async () => (await readBuilt('docs/4.x/guide/intro/_payload.json')).includes('First save.'), 'the first save')
    // Node's recursive fs.watch lost the file after the rename: no save of it was seen again.
    await saveByRename(intro, page('Intro', 'Second save.\n'))
    await until(async () => (await readBuilt('docs/4.x/guide/intro/_payload.json')).includes('Second save.'), 'a second save by rename')
    await writeFile(intro, page('Intro', 'Third save.\n'))
    await until(async () => (await readBuilt('docs/4.x/guide/intro/_payload.json')).includes('Third save.'), 'a save in place after it')
    await saveByRename(join(tree, '1.guide/.navigation.yml'), 'title: First steps\n')
    await until(async () => (await readBuilt('__content/docsv4/navigation.json')).includes('"First steps"'), "the folder's .navigation.yml")
  })

  it('reports broken content, keeps the last good build, and says when it is good again', async () => {
    const intro = join(tree, '1.guide/1.intro.md')
    await saveByRename(intro, '---\ntitle: "Intro\ndescription: Intro.\n---\n\nBroken.\n')
    await until(() => sent.some((p) => p.type === 'error'), 'the overlay for the broken page')
    const error = sent.findLast((p) => p.type === 'error')
    expect(error?.type === 'error' && error.err.message).toContain(`${intro}:2  title: the quoted value opened here is never closed`)
    expect(error?.type === 'error' && error.err.loc).toEqual({ file: intro, line: 2, column: 1 })
    expect(await readBuilt('docs/4.x/guide/intro/_payload.json')).toContain('Third save.')

    await saveByRename(intro, page('Intro', 'Mended.\n'))
    await until(async () => (await readBuilt('docs/4.x/guide/intro/_payload.json')).includes('Mended.'), 'the mended page')
    await until(() => said.some((line) => line.startsWith('content build is good again')), "'content build is good again'")
    // The page that showed the overlay reloads, which clears it: the first word after the
    // overlay's (a busy machine may see the rename's two events apart, and build once more).
    const afterError = sent.slice(sent.findLastIndex((p) => p.type === 'error') + 1)
    expect(afterError[0]).toEqual({ type: 'full-reload' })
  })

  it('adds, renames and removes pages and folders', async () => {
    await writeTree({ '2.more/1.added.md': page('Added', 'A new folder and page.\n') })
    await until(() => existsSync(payload('docs/4.x/more/added')), 'a page in a new folder')
    await rename(join(tree, '2.more/1.added.md'), join(tree, '2.more/1.renamed.md'))
    await until(() => existsSync(payload('docs/4.x/more/renamed')) && !existsSync(payload('docs/4.x/more/added')), 'the renamed page')
    await rm(join(tree, '2.more'), { recursive: true })
    await until(() => !existsSync(payload('docs/4.x/more/renamed')), 'the removed folder')
  })

  it("rebuilds on a save of the project's own content (a YAML data file)", async () => {
    await saveByRename(join(fixture.root, 'content/manual-sponsors/acme.yml'), sponsor('Acme Renamed'))
    await until(async () => (await readBuilt('__content/manualSponsors/sql_dump.txt')).includes('Acme Renamed'), 'the saved data file')
    await writeFile(join(fixture.root, 'content/manual-sponsors/acme.yml'), sponsor('Acme Again'))
    await until(async () => (await readBuilt('__content/manualSponsors/sql_dump.txt')).includes('Acme Again'), 'a second save of it')
  })
})
