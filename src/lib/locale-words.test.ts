import { afterEach, describe, expect, it, vi } from 'vitest'

import { site } from '../config/site'
import { labelIn, uiString } from '../contract/locales'
import { localeWordsFor } from './locale-words'

const chunk = vi.hoisted(() => ({ fail: true, fetched: 0 }))
// The app's build: the Spanish words are a chunk of their own (site-config-plugin.ts `splitWords`).
vi.mock('virtual:fjord-locale-words', () => ({
  default: {
    es: async () => {
      chunk.fetched++
      if (chunk.fail) throw new Error('chunk lost')
      return { default: { ui: { onThisPage: 'En esta página (del fragmento)', notTranslated: 'Del fragmento' }, labels: { Showcase: 'Escaparate' } } }
    },
  },
}))

afterEach(() => vi.restoreAllMocks())

describe("a locale's interface words", () => {
  it('are nothing to wait for on a page of the default locale', () => {
    expect(localeWordsFor('/docs/4.x/getting-started/introduction')).toBeUndefined()
  })

  it('come with their chunk before a page of the locale, once, under the words the config gives; a lost chunk is asked again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await localeWordsFor('/es/docs/4.x/getting-started/introduction')
    expect(error).toHaveBeenCalledWith('[site] the Español interface words could not be loaded', expect.any(Error))

    chunk.fail = false
    await localeWordsFor('/es/docs/4.x/getting-started/installation')
    expect(chunk.fetched).toBe(2)
    // A word the config gives the locale wins over the chunk's (here the config carries every word: the test build does not split them).
    expect(uiString(site, 'es', 'onThisPage')).toBe('En esta página')
    // The config's labels in that language come with them.
    expect(labelIn(site, 'es', 'Showcase')).toBe('Escaparate')
    expect(labelIn(site, 'es', 'Docs')).toBe('Documentación')
    expect(localeWordsFor('/es/no/such/page')).toBeUndefined()
    expect(chunk.fetched).toBe(2)
  })
})
