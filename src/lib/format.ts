const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/**
 * A formatter made on first use. The first Intl object a page makes starts ICU, a
 * noticeable pause on a phone: none is made while the app's
 * code loads, and what the first render of a docs page, a blog post or the module
 * directory writes (relative times, byte sizes, star counts, dates) is written out here
 * instead, each checked against Intl in the tests.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

/** 1234567.8 → "1,234,567.8": digits grouped by thousands, as en-GB writes them. */
function grouped(value: string): string {
  const [whole = '', fraction] = value.split('.')
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? digits : `${digits}.${fraction}`
}

/** `value` in a unit, as Intl.RelativeTimeFormat('en', { numeric: 'always' }) writes it: "in 2 hours", "1 day ago". */
function relativeUnit(value: number, unit: string): string {
  const count = Math.abs(value)
  const phrase = `${grouped(String(count))} ${unit}${count === 1 ? '' : 's'}`
  return value < 0 || Object.is(value, -0) ? `${phrase} ago` : `in ${phrase}`
}

/** English, which the functions here write out by hand; any other language goes through Intl. */
const isEnglish = (lang: string | undefined) => lang === undefined || /^en(?:-|$)/i.test(lang)

/** One Intl formatter per language and kind, made when a page in that language first needs it. */
const formatters = new Map<string, unknown>()
function formatter<T>(key: string, make: () => T): T {
  if (!formatters.has(key)) formatters.set(key, make())
  return formatters.get(key) as T
}
const relativeFormat = (lang: string) => formatter(`relative:${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }))
const longFormat = (lang: string) => formatter(`long:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'long' }))
const languageNames = (lang: string) => formatter(`languages:${lang}`, () => new Intl.DisplayNames([lang], { type: 'language' }))

/** A language's name in `lang` (`en` in `es`: "inglés"), or undefined where Intl has none. */
export const languageName = (tag: string, lang: string): string | undefined => languageNames(lang).of(tag)

/**
 * "just now", then minutes, hours, days, weeks (under 30 days), months and years:
 * the buckets of SPEC point 9. In `lang` when it is not English ("hace 2 meses").
 */
export function relativeTime(date: Date | string | number, now: Date | number = Date.now(), lang?: string): string {
  const then = new Date(date).getTime()
  const diff = then - new Date(now).getTime()
  const abs = Math.abs(diff)
  const unit = (value: number, name: Intl.RelativeTimeFormatUnit) => (isEnglish(lang) ? relativeUnit(value, name) : relativeFormat(lang!).format(value, name))
  if (abs < MINUTE) return isEnglish(lang) ? 'just now' : relativeFormat(lang!).format(0, 'second')
  if (abs < HOUR) return unit(Math.round(diff / MINUTE), 'minute')
  if (abs < DAY) return unit(Math.round(diff / HOUR), 'hour')
  if (abs < WEEK) return unit(Math.round(diff / DAY), 'day')
  if (abs < 30 * DAY) return unit(Math.round(diff / WEEK), 'week')
  if (abs < 365 * DAY) return unit(Math.round(diff / (30 * DAY)), 'month')
  return unit(Math.round(diff / (365 * DAY)), 'year')
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/**
 * "14 March 2026": a date written out, en-GB (as Intl writes it, without starting ICU for
 * the docs page's first render); in `lang` when it is not English ("14 de marzo de 2026").
 */
export function longDate(date: Date | string | number, lang?: string): string {
  const day = new Date(date)
  if (!isEnglish(lang)) return longFormat(lang!).format(day)
  return `${day.getDate()} ${MONTHS[day.getMonth()] ?? ''} ${day.getFullYear()}`
}

const medium = lazily(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }))

/** "14 Mar 2026": a date for tables and narrow columns, en-GB. */
export function mediumDate(date: Date | string | number): string {
  return medium().format(new Date(date))
}

/** en-GB's compact forms, largest first. */
const COMPACT_UNITS = [
  [1e12, 'tn'],
  [1e9, 'bn'],
  [1e6, 'm'],
  [1e3, 'k'],
] as const

/** `value` rounded to one decimal (halves away from zero, as Intl rounds), without a trailing ".0". */
const oneDecimalPlace = (value: number) => String(Math.round(value * 10) / 10)

/**
 * 1234 -> "1.2k", 2500000 -> "2.5m", 1.5e9 -> "1.5bn": en-GB forms, one decimal at most,
 * as `Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 })` writes
 * them. Written out because the header's star count is on every page's first render, and
 * the first compact formatter a page makes starts ICU, a noticeable pause on a phone.
 */
export function compactNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const sign = value < 0 ? '-' : ''
  const abs = Math.abs(value)
  for (const [index, [unit, suffix]] of COMPACT_UNITS.entries()) {
    if (abs < unit) continue
    const scaled = Math.round((abs * 10) / unit) / 10
    // Rounded up to the next unit: 999,950 is "1m", not "1000k".
    const larger = COMPACT_UNITS[index - 1]
    return scaled >= 1000 && larger ? `${sign}${oneDecimalPlace(scaled / 1000)}${larger[1]}` : `${sign}${scaled}${suffix}`
  }
  return Math.round(abs * 10) >= 10_000 ? `${sign}1k` : `${sign}${oneDecimalPlace(abs)}`
}

const byteUnits = ['B', 'KB', 'MB', 'GB'] as const

/** 950 -> "950 B", 1536 -> "1.5 KB", 8_400_000 -> "8 MB" (powers of 1,024; one decimal at most, en-GB digits). */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024
    unit++
  }
  return `${grouped(oneDecimalPlace(value))} ${byteUnits[unit]}`
}
