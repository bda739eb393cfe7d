import { describe, expect, it } from 'vitest'

import { compactNumber, formatBytes, languageName, longDate, mediumDate, relativeTime } from './format'

const now = new Date('2026-11-21T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('relative time', () => {
  it.each([
    [20_000, 'just now'],
    [5 * 60_000, '5 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [2 * 86_400_000, '2 days ago'],
    [15 * 86_400_000, '2 weeks ago'],
    [29 * 86_400_000, '4 weeks ago'],
    [90 * 86_400_000, '3 months ago'],
    [800 * 86_400_000, '2 years ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text)
  })

  it('handles the future too', () => {
    expect(relativeTime(new Date(now.getTime() + 2 * 3_600_000), now)).toBe('in 2 hours')
  })

  it('write what Intl.RelativeTimeFormat writes, singular and plural, past and future, in every bucket', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
    const cases: [number, Intl.RelativeTimeFormatUnit, number][] = [
      [1, 'minute', 60_000],
      [59, 'minute', 59 * 60_000],
      [1, 'hour', 3_600_000],
      [23, 'hour', 23 * 3_600_000],
      [1, 'day', 86_400_000],
      [6, 'day', 6 * 86_400_000],
      [1, 'week', 7 * 86_400_000],
      [4, 'week', 29 * 86_400_000],
      [1, 'month', 30 * 86_400_000],
      [12, 'month', 364 * 86_400_000],
      [1, 'year', 365 * 86_400_000],
      [1234, 'year', 1234 * 365 * 86_400_000],
    ]
    for (const [count, unit, ms] of cases) {
      expect(relativeTime(ago(ms), now), `${count} ${unit} ago`).toBe(intl.format(-count, unit))
      expect(relativeTime(new Date(now.getTime() + ms), now), `in ${count} ${unit}`).toBe(intl.format(count, unit))
    }
  })
})

describe('dates in another language', () => {
  it('are written by Intl in that language, English ones as before', () => {
    expect(longDate('2026-10-20', 'es')).toBe('20 de octubre de 2026')
    expect(longDate('2026-10-20', 'en-US')).toBe('20 October 2026')
    expect(relativeTime(ago(90 * 86_400_000), now, 'es')).toBe('hace 3 meses')
    expect(relativeTime(ago(2 * 86_400_000), now, 'es')).toBe('anteayer')
    expect(relativeTime(ago(20_000), now, 'es')).toBe('ahora')
    expect(relativeTime(ago(90 * 86_400_000), now, 'en')).toBe('3 months ago')
    expect(languageName('en', 'es')).toBe('inglés')
  })
})

describe('compact numbers', () => {
  it('use en-GB with one decimal', () => {
    expect(compactNumber(950)).toBe('950')
    expect(compactNumber(1_234)).toBe('1.2k')
    expect(compactNumber(48_950)).toBe('49k')
    expect(compactNumber(2_500_000)).toBe('2.5m')
    expect(compactNumber(1_500_000_000)).toBe('1.5bn')
  })

  it('write what Intl writes, around every unit and its rounding edges', () => {
    const intl = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 })
    const values = [0, 1, 7, 12.34, 99.95, 950, 999, 999.94, 999.96, 1_000, 1_049, 1_050, 1_051, 9_949, 9_950, 12_345, 48_950, 99_999, 999_949, 999_950, 1_000_000]
    for (const base of [1, 1e3, 1e6, 1e9]) for (const n of [1, 1.04, 1.05, 1.06, 9.99, 10, 99.5, 123.45, 999.4, 999.5]) values.push(Math.round(n * base))
    values.push(1e12, 2.5e12, 1e15)
    for (const value of [...values, ...values.filter(Boolean).map((v) => -v)]) expect(compactNumber(value), String(value)).toBe(intl.format(value))
  })
})

describe('formatBytes', () => {
  it('uses the largest unit under 1,024, one decimal at most', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(950)).toBe('950 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(8 * 1024 * 1024)).toBe('8 MB')
  })

  it('writes its numbers as Intl does (en-GB, one decimal at most, grouped)', () => {
    const intl = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })
    for (const bytes of [0, 1, 999, 1000, 1023, 1024, 1025, 1075, 1076, 1_048_000, 1_048_575, 5_000_000, 1_073_741_823, 3.5 * 1024 ** 3, 5000 * 1024 ** 3]) {
      const [number] = formatBytes(bytes).split(' ')
      let value = bytes
      for (let unit = 0; value >= 1024 && unit < 3; unit++) value /= 1024
      expect(number, String(bytes)).toBe(intl.format(value))
    }
  })
})

describe('mediumDate', () => {
  it('abbreviates the month, en-GB', () => {
    expect(mediumDate('2026-03-14T10:00:00Z')).toBe('14 Mar 2026')
  })
})

describe('long dates', () => {
  it('read as Intl writes them in en-GB, for every month, from a date, an ISO string or a timestamp', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' })
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month + 1, 12)
      expect(longDate(date)).toBe(intl.format(date))
      expect(longDate(date.toISOString())).toBe(intl.format(date))
      expect(longDate(date.getTime())).toBe(intl.format(date))
    }
    expect(longDate(new Date(2026, 2, 14))).toBe('14 March 2026')
  })
})
