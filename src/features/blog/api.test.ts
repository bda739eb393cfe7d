import { describe, expect, it } from 'vitest'

import { publishedPosts, readingMinutes } from './api'

describe('blog helpers', () => {
  it('keep published posts, newest first, ties by title', () => {
    const posts = [
      { title: 'B', date: '2026-01-01', draft: false },
      { title: 'Draft', date: '2026-12-01', draft: true },
      { title: 'A', date: '2026-01-01', draft: false },
      { title: 'New', date: '2026-05-01', draft: false },
    ]
    expect(publishedPosts(posts).map((p) => p.title)).toEqual(['New', 'A', 'B'])
  })

  it('count reading time at 220 words a minute, ignoring punctuation, at least a minute', () => {
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes(Array.from({ length: 660 }, () => 'word').join(' ') + ' — ## ```')).toBe(3)
  })
})
