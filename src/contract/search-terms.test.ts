import { describe, expect, it } from 'vitest'

import { countAt, headLang, processIndexTerm, processQueryTerm, SEARCH_FIELDS, sectionTerms, termRules, tokenize } from './search-terms'

const section = { title: 'Configuración de la aplicación', titles: ['Guía'], content: 'Use the router: a rutas y páginas.' }

describe("a section's counted words", () => {
  it('counts each term field by field, from none to thousands, and keeps the parts of identifiers', () => {
    const counted = sectionTerms({ title: 'Cache a cache', titles: ['Guide'], content: `${'caches '.repeat(3000)}${'useFetch '.repeat(12)}` })
    const terms = counted.terms.split('\n')
    const counts = (term: string) => SEARCH_FIELDS.map((_, field) => countAt(counted, terms.indexOf(term) * SEARCH_FIELDS.length + field))
    expect(counts('cach')).toEqual([2, 0, 3000])
    expect(counts('guid')).toEqual([0, 1, 0])
    expect(counts('usefetch')).toEqual([0, 0, 12])
    expect(counts('fetch')).toEqual([0, 0, 12])
    expect(counted.lengths).toEqual([3, 1, 4])
    expect(tokenize('useFetch and use_fetch, v2.1')).toEqual(['useFetch', 'use', 'Fetch', 'and', 'use_fetch', 'use', 'fetch', 'v2.1', 'v2', '1'])
  })
})

describe('how a language’s words are searched', () => {
  it('stems English words and drops English stop words for every English tag, and for none, as before languages', () => {
    for (const lang of [undefined, 'en', 'en-US', 'en-GB', 'EN']) {
      const rules = termRules(lang)
      expect(rules.processQueryTerm('Navigation'), lang).toBe('navig')
      expect(rules.processQueryTerm('the'), lang).toBeNull()
      expect(rules.processIndexTerm('Navigation'), lang).toEqual(['navig', 'navigation'])
    }
    expect(termRules('en-US').processQueryTerm).toBe(processQueryTerm)
    expect(termRules('en').processIndexTerm).toBe(processIndexTerm)
    expect(sectionTerms(section, 'en-US')).toEqual(sectionTerms(section))
  })

  it('folds the words of any other language and keeps them whole: no English stems, no English stop words', () => {
    for (const lang of ['es', 'ru-RU', 'zh-Hans', 'ko-KR', 'fa-IR', 'ja', 'eng', 'de-EN']) {
      const rules = termRules(lang)
      expect(rules.processQueryTerm('Routing'), lang).toBe('routing')
      expect(rules.processQueryTerm('use'), lang).toBe('use')
      expect(rules.processIndexTerm('Generates'), lang).toBe('generates')
    }
    // A Russian query is read as written: not cut down to an English stem, nor dropped.
    expect(termRules('ru-RU').processQueryTerm('Маршрутизация')).toBe('маршрутизация')
    expect(termRules('ru-RU').processQueryTerm('generate')).not.toBe(termRules('en').processQueryTerm('generate'))
    // Accents off, so `configuracion` meets `configuración`.
    expect(termRules('es').processQueryTerm('Configuración')).toBe('configuracion')
    expect(termRules('es').processQueryTerm('configuracion')).toBe('configuracion')
    expect(sectionTerms(section, 'es').terms.split('\n')).toEqual(expect.arrayContaining(['use', 'the', 'a', 'rutas', 'configuracion']))
    expect(sectionTerms(section).terms.split('\n')).not.toContain('use')
  })

  it('cuts Korean phrases into pairs of syllables, so a word is found with its particles attached', () => {
    expect(tokenize('설정을 변경합니다')).toEqual(['설정', '정을', '변경', '경합', '합니', '니다'])
    expect(tokenize('설정')).toEqual(['설정'])
    expect(tokenize('키')).toEqual(['키'])
    // Chinese and Japanese as before; Latin words around them as before.
    expect(tokenize('路由配置 useFetch')).toEqual(['路由', '由配', '配置', 'useFetch', 'use', 'Fetch'])
  })

  it('names the language in an index’s head for every language but English', () => {
    expect(headLang(undefined)).toBeUndefined()
    expect(headLang('en-US')).toBeUndefined()
    expect(headLang('es')).toBe('es')
    expect(headLang('ko-KR')).toBe('ko-KR')
  })
})
