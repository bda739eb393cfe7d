import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { fromMarkdownModule, patchFromMarkdown } from './from-markdown-patch'

const installed = () => readFile(fromMarkdownModule(), 'utf8')

describe('the mdast-util-from-markdown patch', () => {
  it('applies to the installed version: one handler context per document instead of an object per event', async () => {
    const source = await installed()
    const patched = patchFromMarkdown(source)
    // If this fails after an upgrade, the workers load the package unpatched (slower, same trees):
    // check the new compile loop and update the patch.
    expect(patched).toBeDefined()
    expect(patched).not.toMatch(/\.\.\.context,\s*sliceSerialize: events/)
    expect(patched?.match(/handlerContext\.sliceSerialize = events\[index\]\[2\]\.sliceSerialize/g)).toHaveLength(3)
    expect(patched?.match(/const handlerContext = \{ \.\.\.context, sliceSerialize: undefined \};/g)).toHaveLength(1)
    // Nothing else changed.
    const changed = (text: string) => text.split('\n').filter((line) => !line.includes('handlerContext'))
    expect(changed(patched ?? '').join('\n')).toBe(
      changed(source.replace(/\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g, '(handlerContext)')).join('\n'),
    )
  })

  it('leaves a version it was not written for as published', async () => {
    const source = await installed()
    expect(patchFromMarkdown(source.replace('const listStack = [];', 'const listStack = new Array();'))).toBeUndefined()
    expect(patchFromMarkdown(source.replace(/\.\.\.context,(\s*)sliceSerialize/, '...context,$1other: 1, sliceSerialize'))).toBeUndefined()
  })
})
