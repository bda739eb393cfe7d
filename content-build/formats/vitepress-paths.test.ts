import { describe, expect, it } from 'vitest'

import { excludedBy, globToRegExp, placeSourceFile, rewrite } from './vitepress-paths'

describe('VitePress rewrites', () => {
  it('moves a folder to the root with a repeated parameter', () => {
    expect(rewrite('en/guide/what-is-it.md', 'en/:rest*', ':rest*')).toBe('guide/what-is-it.md')
    expect(rewrite('en/index.md', 'en/:rest*', ':rest*')).toBe('index.md')
    expect(rewrite('es/index.md', 'en/:rest*', ':rest*')).toBeUndefined()
  })

  it('matches one segment with a named parameter and puts it where the target says', () => {
    expect(rewrite('packages/pkg-a/src/index.md', 'packages/:pkg/src/index.md', ':pkg/index.md')).toBe('pkg-a/index.md')
    expect(rewrite('packages/pkg-a/src/deep/index.md', 'packages/:pkg/src/index.md', ':pkg/index.md')).toBeUndefined()
    expect(rewrite('packages/pkg-a/src/guide.md', 'packages/:pkg/src/(.*)', ':pkg/:0')).toBe('pkg-a/guide.md')
  })

  it('takes a literal pair as it is, and ignores case and a leading slash as path-to-regexp does', () => {
    expect(rewrite('a/b.md', 'a/b.md', 'c.md')).toBe('c.md')
    expect(rewrite('EN/x.md', '/en/:rest*', '/:rest*')).toBe('x.md')
  })

  it('drops the slash of an optional parameter left empty', () => {
    expect(rewrite('docs', 'docs/:rest*', 'guide/:rest*')).toBe('guide')
    expect(rewrite('docs/a', 'docs/:page?', 'x/:page?')).toBe('x/a')
  })
})

describe('srcExclude globs', () => {
  it('reads ** as any folders, * within a name and braces as either', () => {
    expect(globToRegExp('**/README.md').test('README.md')).toBe(true)
    expect(globToRegExp('**/README.md').test('a/b/README.md')).toBe(true)
    expect(globToRegExp('drafts/*.md').test('drafts/x.md')).toBe(true)
    expect(globToRegExp('drafts/*.md').test('drafts/a/x.md')).toBe(false)
    expect(globToRegExp('{drafts,wip}/**').test('wip/a/b.md')).toBe(true)
    expect(globToRegExp('notes-?.md').test('notes-1.md')).toBe(true)
    expect(globToRegExp('[ab].md').test('c.md')).toBe(false)
  })

  it('leaves out what is inside a folder a glob names', () => {
    const excluded = excludedBy(['**/node_modules', 'private'])
    expect(excluded('private/secret.md')).toBe(true)
    expect(excluded('a/node_modules/x/readme.md')).toBe(true)
    expect(excluded('public/index.md')).toBe(false)
  })
})

describe('where a source file goes', () => {
  const place = placeSourceFile({ exclude: ['**/drafts/**'], rewrites: [['en/:rest*', ':rest*']], leftOut: ['es', 'pt-br'] })

  it('rewrites, then leaves out excluded files and the locales left out', () => {
    expect(place('en/guide/a.md')).toBe('guide/a.md')
    expect(place('en/drafts/a.md')).toBeUndefined()
    expect(place('es/guide/a.md')).toBeUndefined()
    expect(place('pt-br/index.md')).toBeUndefined()
    expect(place('espresso/index.md')).toBe('espresso/index.md')
  })

  it("reads a locale's folder alone for its collection, each page at its path inside it", () => {
    const locale = placeSourceFile({ exclude: ['**/drafts/**'], rewrites: [['en/:rest*', ':rest*']], leftOut: [], only: 'es' })
    expect(locale('es/guide/a.md')).toBe('guide/a.md')
    expect(locale('es/index.md')).toBe('index.md')
    expect(locale('es/drafts/a.md')).toBeUndefined()
    expect(locale('en/guide/a.md')).toBeUndefined()
    expect(locale('espresso/index.md')).toBeUndefined()
  })
})
