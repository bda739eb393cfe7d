import { describe, expect, it } from 'vitest'

import { countAt, fieldText, headLang, processIndexTerm, processQueryTerm, SEARCH_FIELDS, type SearchFields, sectionTerms, termRules, tokenize } from './search-terms'

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

  it('counts as MiniSearch adds a document (its words cut by `tokenize`, its terms by the rules), whatever was counted before', () => {
    /** Each field's distinct words, and each term's count field by field, the plain way. */
    const plainly = (fields: SearchFields, lang?: string) => {
      const rules = termRules(lang)
      const counts: Record<string, number[]> = {}
      const lengths = SEARCH_FIELDS.map((field, fieldId) => {
        const words = tokenize(fieldText(fields, field))
        for (const word of words) {
          for (const term of [rules.processIndexTerm(word) ?? []].flat()) {
            const byField = (counts[term] ??= SEARCH_FIELDS.map(() => 0))
            byField[fieldId] = (byField[fieldId] ?? 0) + 1
          }
        }
        return new Set(words).size
      })
      return { lengths, counts }
    }
    const counted = (fields: SearchFields, lang?: string) => {
      const { lengths, terms, counts } = sectionTerms(fields, lang)
      const listed = terms ? terms.split('\n') : []
      return {
        lengths,
        counts: Object.fromEntries(listed.map((term, i) => [term, SEARCH_FIELDS.map((_, field) => countAt({ lengths, terms, counts }, i * SEARCH_FIELDS.length + field))])),
      }
    }
    const sections: [SearchFields, string?][] = [
      [
        {
          title: 'Data fetching with useAsyncData',
          titles: ['Guide', 'Data'],
          content: 'useAsyncData and useFetch fetch data; a.a.a, _private_, $fetch, v3.2-beta, API APIs HTTP2 the data.',
        },
      ],
      [{ title: 'Navigation', titles: [], content: 'Navigate, navigating, navigation: the NAVIGATION. Navigate again. Élan and elan.' }],
      [{ title: '設定を変更する', titles: ['ガイド'], content: '환경설정을 바꾸세요. 設定 and settings, 設定.' }, 'ja'],
      [{ title: 'Configuración', titles: ['Guía'], content: 'La configuración, las rutas y la configuracion de la aplicación.' }, 'es'],
      [{ title: '', titles: [], content: '' }],
    ]
    for (const [fields, lang] of sections) expect(counted(fields, lang), fields.title).toEqual(plainly(fields, lang))
    // More distinct words than the counter keeps: it forgets them between sections and counts alike.
    const many = { title: 'Words', titles: [], content: Array.from({ length: 120_000 }, (_, i) => `word${i}`).join(' ') }
    expect(counted(many).lengths).toEqual([1, 0, 120_000])
    for (const [fields, lang] of sections) expect(counted(fields, lang), fields.title).toEqual(plainly(fields, lang))
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
