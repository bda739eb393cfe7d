import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { SearchHead } from '../../src/contract/search-index'
import { buildFixture, createFixture, type Fixture, md } from '../../testing/fixture-site'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

describe("a docs edition's search index", () => {
  it('reads each edition by its language (site.config locales): English stemmed, Spanish folded and whole, the head naming it', async () => {
    fixture = await createFixture({
      'content/docs/4.x/1.getting-started/1.introduction.md': md({ title: 'Introduction' }, 'Generating routes for the app.\n'),
      'content/es/docs/4.x/1.getting-started/1.introduction.md': md({ title: 'Introducción' }, 'Generando las rutas de la aplicación.\n'),
    })
    const dist = join(fixture.root, 'dist')
    await buildFixture(fixture, dist)
    const head = async (collection: string): Promise<SearchHead> => JSON.parse(await readFile(join(dist, '__content', collection, 'search', 'head.json'), 'utf8'))
    const english = await head('docsv4')
    const spanish = await head('docsv4Es')
    // English as before languages: no language named, stems beside the words, stop words out.
    expect(english.lang).toBeUndefined()
    expect(english.terms).toEqual(expect.arrayContaining(['gener', 'generating', 'rout', 'routes']))
    expect(english.terms).not.toContain('the')
    // Spanish: the words as written, accents off, none left out, and the head says so for the browser.
    expect(spanish.lang).toBe('es')
    expect(spanish.terms).toEqual(expect.arrayContaining(['generando', 'rutas', 'las', 'de', 'aplicacion', 'introduccion']))
    expect(spanish.terms).not.toContain('gener')
    expect(spanish.terms).not.toContain('ruta')
  }, 60_000)
})
