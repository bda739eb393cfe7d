import { stemmer } from 'stemmer'

/**
 * How the palette's search reads text, shared by the content build (which indexes each
 * docs edition ahead of time, search-index.ts) and the browser (which indexes the blog
 * and the hosting providers, and reads queries): both must cut and fold words alike, or
 * a query's words would miss the build's. How words are folded depends on the language
 * of the text (`termRules`): an index's head names it, so the browser reads a query
 * against each index with the rules the build wrote it with.
 */

/** The fields of a section, and how much a match in each weighs: its title most, then the headings above it. */
export const SEARCH_FIELDS = ['title', 'titles', 'content'] as const
export const SEARCH_BOOST = { title: 6, titles: 2, content: 1 }
/** A page's own section over the sections of other pages that match as well (`install` → Installation, not Testing › Installation). */
export const PAGE_BOOST = 2

/** What is searched of a section or item: its title, the headings above it, its text. */
export interface SearchFields {
  title: string
  titles: readonly string[]
  content: string
}

/** A field's text as indexed (the headings above a section as one text). */
export function fieldText(fields: SearchFields, field: (typeof SEARCH_FIELDS)[number]): string {
  return field === 'titles' ? fields.titles.join(' ') : String(fields[field] ?? '')
}

/** Words that say nothing about a page (`how do I …`): left out of the index and of queries. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in into is it my of on or so that the this to up use using was what when where which why will with you your'.split(' '),
)

/** Text as compared: lower case, accents off (`Élan` and `elan` meet). */
export const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')

/**
 * Chinese and Japanese script, written without spaces between words, and Korean
 * Hangul, written with spaces between phrases that fuse a word with its particles and
 * endings (`설정을` is `설정` and `을`; `환경설정` is two words).
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu

/**
 * A run of Chinese, Japanese or Korean as searchable units: its pairs of neighbouring
 * characters (a lone character as itself), so a two-character word is found wherever
 * it stands in a sentence or a Korean phrase, without a dictionary the build and every
 * browser would have to agree on. (Lucene's CJK analyzer pairs Hangul with Han and Kana
 * for the same reason; cutting Korean particles off instead would need a list of them
 * and would still miss a word inside a compound.)
 */
function unspacedUnits(run: string): string {
  const chars = [...run]
  if (chars.length < 2) return ` ${run} `
  return ` ${chars
    .slice(1)
    .map((char, i) => chars[i] + char)
    .join(' ')} `
}

/**
 * Words of a text: letters and digits, and the parts of identifiers (`useAsyncData`
 * is also `use`, `async` and `data`; `navigate-to` also `navigate`, `to`), so API names
 * are found by their words too. Chinese, Japanese and Korean are cut into pairs of
 * characters. The same in every language: the scripts say how, and a page quotes others.
 */
export function tokenize(text: string): string[] {
  const words: string[] = []
  for (const token of tokensOf(text)) words.push(...wordsOf(token))
  return words
}

/** A text cut at what is neither a letter, a digit nor `_$.-`, its Chinese, Japanese and Korean in pairs (`tokenize`'s first step). */
const tokensOf = (text: string): string[] => text.replace(UNSPACED, unspacedUnits).split(/[^\p{L}\p{N}_$.-]+/u)

/** The words of one token of `tokensOf`: itself (trimmed), and its parts when it has more than one. */
function wordsOf(token: string): string[] {
  // Most words: nothing to trim, no parts.
  if (PLAIN_WORD.test(token)) return [token]
  if (!token) return []
  const words: string[] = []
  const parts = token.split(/[_$.-]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u).filter(Boolean)
  const whole = token.replace(/^[_$.-]+|[_$.-]+$/g, '')
  if (whole) words.push(whole)
  if (parts.length > 1) words.push(...parts)
  return words
}

/**
 * An ASCII word that is its own only part: letters and digits with no lower case or
 * digit before a capital (`install`, `Install`, `API`, `APIs`, `v8`), as most of a text's are.
 */
const PLAIN_WORD = /^[A-Z]*[a-z0-9]+$|^[A-Z]+$/

/** Stems by word: a page repeats its words, and stemming is the costliest step of indexing. */
const stemOf = remembered(50_000, stemmer)

/** A word as searched in English: folded and stemmed (`navigation` and `navigate` meet); stop words dropped. */
export function processQueryTerm(term: string): string | null {
  const word = normalise(term)
  if (!word || STOP_WORDS.has(word)) return null
  if (!/^[a-z]+$/.test(word)) return word
  return stemOf(word)
}

/** A word as indexed in English: its stem, and the word itself (a typo is one letter from the word, not from its stem). */
export function processIndexTerm(term: string): string | string[] | null {
  const stem = processQueryTerm(term)
  if (stem === null) return null
  const word = normalise(term)
  return stem === word ? stem : [stem, word]
}

/** A word as searched and indexed in a language with no stemmer here: folded, and kept (no word of it is a stop word). */
const foldedTerm = (term: string): string | null => normalise(term) || null

/** How a language's words are searched: a query's words, and the words of a text as indexed. */
export interface TermRules {
  processQueryTerm(term: string): string | null
  processIndexTerm(term: string): string | string[] | null
}

const ENGLISH: TermRules = { processQueryTerm, processIndexTerm }
const FOLDED: TermRules = { processQueryTerm: foldedTerm, processIndexTerm: foldedTerm }

/** Whether a language tag is English's (`en`, `en-US`): the only language the stemmer and the stop words are for. */
export const isEnglish = (lang: string) => /^en(?:-|$)/i.test(lang)

/**
 * The rules for text in `lang` (a locale's `lang`: `en-US`, `es`, `ru-RU`, `zh-Hans`):
 * English words are stemmed and its stop words dropped; any other language's words are
 * folded (lower case, accents off) and kept as written, since the English stemmer would
 * cut Spanish or Russian words into stems that mean nothing (and merge words that differ),
 * and an English stop word may be a word of theirs. Without a language, English: every
 * index was English before languages.
 */
export function termRules(lang?: string): TermRules {
  return lang === undefined || isEnglish(lang) ? ENGLISH : FOLDED
}

/**
 * The language an index's head names (`SearchHead.lang`) for text in `lang`: none for
 * English, whose rules an index without one is read with, so English heads stay as
 * they were before languages.
 */
export const headLang = (lang?: string): string | undefined => (lang === undefined || isEnglish(lang) ? undefined : lang)

/** Prefix matching while typing, from three letters. */
export const isPrefixTerm = (term: string) => term.length >= 3
/** Typos forgiven: one, in words of five letters or more. */
export const typosAllowed = (term: string) => (term.length >= 5 ? 1 : 0)

/**
 * A section's words as the index counts them, field by field (in SEARCH_FIELDS order):
 * how many distinct words each field has (BM25's field length), and how often each
 * indexed term occurs in each field. The same counts MiniSearch makes when it adds a
 * document with `tokenize` and the language's `processIndexTerm` (`termRules`).
 *
 * Flat strings, because the build's workers send these for every section of a version,
 * its cache keeps them as JSON and the build holds them all until the index is made:
 * strings clone and parse many times faster than an object holding an array per word,
 * and take a byte a count where an array of numbers takes eight.
 */
export interface SectionTerms {
  lengths: number[]
  /** The section's terms, joined by TERM_SEPARATOR (no term holds one: `tokenize` splits on it). */
  terms: string
  /**
   * Occurrences of each term in each field, a character each (`countAt`): term i's count
   * in field f at `i * SEARCH_FIELDS.length + f`.
   */
  counts: string
}

export const TERM_SEPARATOR = '\n'

/** A count's character code is the count plus this, so small counts are digits (a JSON string keeps them as they are). */
const COUNT_BASE = 48
/** The most occurrences a count holds (a character code is 16 bits): far above any word's in one section. */
const MAX_COUNT = 0xffff - COUNT_BASE

/** The count at `at` of a section's `counts`. */
export const countAt = (section: SectionTerms, at: number): number => section.counts.charCodeAt(at) - COUNT_BASE

export function sectionTerms(fields: SearchFields, lang?: string): SectionTerms {
  const rules = termRules(lang)
  const counter = counters.get(rules) ?? new Counter(rules)
  if (counter.tokens.size > COUNTER_LIMIT) counter.forget()
  const fieldCount = SEARCH_FIELDS.length
  const section = ++counter.stamp
  const lengths: number[] = []
  // Each term by first occurrence, and its counts at `place * fieldCount + field`.
  const terms: string[] = []
  const counts: number[] = []
  SEARCH_FIELDS.forEach((name, fieldId) => {
    const field = ++counter.stamp
    // A field's words counted first (its length is how many differ), then their terms.
    const distinct: WordCount[] = []
    for (const token of tokensOf(fieldText(fields, name))) {
      for (const word of counter.words(token)) {
        if (word.field !== field) {
          word.field = field
          word.count = 0
          distinct.push(word)
        }
        word.count++
      }
    }
    lengths.push(distinct.length)
    for (const word of distinct) {
      for (const term of word.terms) {
        if (term.section !== section) {
          term.section = section
          term.place = terms.length
          terms.push(term.term)
          for (let f = 0; f < fieldCount; f++) counts.push(0)
        }
        const at = term.place * fieldCount + fieldId
        counts[at] = (counts[at] ?? 0) + word.count
      }
    }
  })
  for (let at = 0; at < counts.length; at++) counts[at] = COUNT_BASE + Math.min(counts[at] ?? 0, MAX_COUNT)
  return { lengths, terms: terms.join(TERM_SEPARATOR), counts: charactersOf(counts) }
}

/** A word as `sectionTerms` counts it: its indexed terms, and how often it occurs in the field being counted (`field`, that field's stamp). */
interface WordCount {
  terms: readonly TermPlace[]
  field: number
  count: number
}

/** A term as `sectionTerms` places it: where it stands in the section being counted (`section`, that section's stamp). */
interface TermPlace {
  term: string
  section: number
  place: number
}

/**
 * A language's words and terms, remembered for every section counted: a docs version
 * repeats a few thousand words a million times, each cut, folded and stemmed alike. A
 * token is looked up once where it occurs; its words carry their counts, and its terms
 * their places, marked with the field or section they were last counted in.
 */
class Counter {
  tokens = new Map<string, readonly WordCount[]>()
  private wordCounts = new Map<string, WordCount>()
  private termPlaces = new Map<string, TermPlace>()
  /** Marks a field or section counted: one more each time. */
  stamp = 0

  constructor(private readonly rules: TermRules) {}

  /** A token's words (`wordsOf`), each with its terms (the rules' `processIndexTerm`). */
  words(token: string): readonly WordCount[] {
    let words = this.tokens.get(token)
    if (!words) {
      words = wordsOf(token).map((word) => this.word(word))
      this.tokens.set(token, words)
    }
    return words
  }

  /** Forgets every token, word and term (between sections, when there are too many to keep). */
  forget() {
    this.tokens.clear()
    this.wordCounts.clear()
    this.termPlaces.clear()
  }

  private word(word: string): WordCount {
    let counted = this.wordCounts.get(word)
    if (!counted) {
      const processed = this.rules.processIndexTerm(word)
      const terms = processed === null ? [] : Array.isArray(processed) ? processed : [processed]
      counted = { terms: terms.map((term) => this.term(term)), field: 0, count: 0 }
      this.wordCounts.set(word, counted)
    }
    return counted
  }

  private term(term: string): TermPlace {
    let placed = this.termPlaces.get(term)
    if (!placed) {
      placed = { term, section: 0, place: 0 }
      this.termPlaces.set(term, placed)
    }
    return placed
  }
}

/** Tokens a counter keeps before it forgets them all: far more than a docs version's words, fewer than a text of random strings would leave it. */
const COUNTER_LIMIT = 100_000

/** A counter for each language's rules (`termRules` gives one of these). */
const counters = new Map([ENGLISH, FOLDED].map((rules) => [rules, new Counter(rules)]))

/** `compute` remembered by key, up to `limit` keys (then all are forgotten at once). */
function remembered<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>()
  return (key) => {
    let value = known.get(key)
    if (value === undefined) {
      value = compute(key)
      if (known.size > limit) known.clear()
      known.set(key, value)
    }
    return value
  }
}

/** Character codes as a string, a slice at a time (`fromCharCode` takes its codes as arguments, of which an engine allows only so many). */
function charactersOf(codes: readonly number[]): string {
  let text = ''
  for (let at = 0; at < codes.length; at += 8192) text += String.fromCharCode(...codes.slice(at, at + 8192))
  return text
}
