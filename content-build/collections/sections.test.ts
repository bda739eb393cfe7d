import { describe, expect, it } from 'vitest'

import { processMarkdown } from '../markdown'

async function sections(markdown: string, title = 'Routing') {
  const result = await processMarkdown(markdown, {
    file: 'x.md',
    lineOffset: 0,
    path: '/docs/4.x/routing',
    title: () => title,
    link: { fileDir: '', prefix: '/docs/4.x', docsVersionPaths: ['/docs/4.x'], docsVersionPath: '/docs/4.x' },
  })
  return result.sections
}

describe('search sections', () => {
  it('makes the intro a section with the page path as id', async () => {
    const [intro] = await sections('Pages map to **files**.\n\n## Dynamic routes\n\nUse brackets.')
    expect(intro).toEqual({ id: '/docs/4.x/routing', title: 'Routing', titles: [], content: 'Pages map to files.', level: 1 })
  })

  it('gives each heading a section with path#id and its ancestors', async () => {
    const result = await sections('Intro.\n\n## Dynamic routes\n\nUse brackets.\n\n### Catch-all\n\nThree dots.')
    expect(result.slice(1)).toEqual([
      { id: '/docs/4.x/routing#dynamic-routes', title: 'Dynamic routes', titles: ['Routing'], content: 'Use brackets.', level: 2 },
      { id: '/docs/4.x/routing#catch-all', title: 'Catch-all', titles: ['Routing', 'Dynamic routes'], content: 'Three dots.', level: 3 },
    ])
  })

  it('replaces the ancestor at the same level and truncates on a shallower heading', async () => {
    const md = 'Intro.\n\n## A\n\na\n\n### A1\n\n#### A1x\n\nx\n\n### A2\n\ny\n\n## B\n\nz'
    const byTitle = Object.fromEntries((await sections(md)).map((s) => [s.title, s.titles]))
    expect(byTitle.A1x).toEqual(['Routing', 'A', 'A1'])
    expect(byTitle.A2).toEqual(['Routing', 'A'])
    expect(byTitle.B).toEqual(['Routing'])
  })

  it('clears the ancestors at an h1', async () => {
    const result = await sections('Intro.\n\n## A\n\na\n\n# Other part\n\nb\n\n## C\n\nc')
    expect(result.find((s) => s.title === 'Other part')?.titles).toEqual([])
    expect(result.find((s) => s.title === 'C')?.titles).toEqual(['Other part'])
  })

  it('leaves code blocks out of the text but keeps inline code', async () => {
    const [intro] = await sections('Call `useFetch()` here.\n\n```ts\nconst secret = 1\n```\n')
    expect(intro?.content).toBe('Call useFetch() here.')
  })

  it('counts headings inside components and keeps their text', async () => {
    const result = await sections('Intro.\n\n::steps\n### Install\n\nRun it.\n\n### Start\n\nGo.\n::\n\n::tip\nA tip **here**.\n::')
    expect(result.map((s) => s.title)).toEqual(['Routing', 'Install', 'Start'])
    expect(result.at(-1)?.content).toBe('Go. A tip here.')
  })

  it('uses deduplicated heading ids', async () => {
    const result = await sections('Intro.\n\n## Options\n\na\n\n## Options\n\nb')
    expect(result.map((s) => s.id)).toEqual(['/docs/4.x/routing', '/docs/4.x/routing#options', '/docs/4.x/routing#options-1'])
  })

  it('gives the text to the page itself when the page opens with its title as h1 (the h1 is not kept)', async () => {
    const result = await sections('# Routing\n\nText.')
    expect(result).toEqual([{ id: '/docs/4.x/routing', title: 'Routing', titles: [], content: 'Text.', level: 1 }])
  })
})
