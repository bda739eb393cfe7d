import { describe, expect, it } from 'vitest'

import type { ContentIssue } from '../errors'
import { devWarnings } from './dev-warnings'

const unknown = (name: string, line: number): ContentIssue => ({ file: 'content/docs/4.x/1.a.md', line, message: `unknown component "${name}": renders in a labelled frame` })

describe('the dev server prints warnings', () => {
  it('all of them after the first build, then only those a rebuild adds', () => {
    const print = devWarnings('.cache/dev-dist/warnings.txt')
    expect(print([unknown('card', 3), unknown('hero', 9)])).toEqual([
      'warning: content/docs/4.x/1.a.md:3  unknown component "card": renders in a labelled frame',
      'warning: content/docs/4.x/1.a.md:9  unknown component "hero": renders in a labelled frame',
    ])
    expect(print([unknown('card', 3), unknown('hero', 9)])).toEqual([])
    expect(print([unknown('card', 3), unknown('alert', 12)])).toEqual(['warning: content/docs/4.x/1.a.md:12  unknown component "alert": renders in a labelled frame'])
    // One that went away and came back is new again.
    expect(print([unknown('card', 3), unknown('alert', 12), unknown('hero', 9)])).toEqual([
      'warning: content/docs/4.x/1.a.md:9  unknown component "hero": renders in a labelled frame',
    ])
  })

  it('grouped by kind when there are many, with the file that lists them all', () => {
    const print = devWarnings('.cache/dev-dist/warnings.txt')
    const many = Array.from({ length: 30 }, (_, i) => unknown(`c${i % 3}`, i + 1))
    const lines = print(many)
    expect(lines[0]).toBe('30 warnings, by kind and name (count, first place):')
    expect(lines.length).toBeLessThan(10)
    expect(lines.at(-1)).toBe('every warning: .cache/dev-dist/warnings.txt')
  })
})
