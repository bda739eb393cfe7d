import { describe, expect, it } from 'vitest'

import { vitepressToMdc } from './vitepress'

describe('VitePress syntax', () => {
  it('turns containers into callouts and a collapsible, line for line, titles kept', () => {
    const source = ['::: tip', 'A tip.', ':::', '', '::: danger Careful here', 'Danger.', ':::', '', '::: details Show the "code"', 'Hidden.', ':::'].join('\n')
    expect(vitepressToMdc(source).split('\n')).toEqual([
      '::tip',
      'A tip.',
      '::',
      '',
      '::caution{title="Careful here"}',
      'Danger.',
      '::',
      '',
      '::collapsible{name="Show the \\"code\\""}',
      'Hidden.',
      '::',
    ])
  })

  it('nests containers with more colons outside as MDC nests them with more colons inside', () => {
    const source = [':::: info Outer', '::: warning', 'Inner.', ':::', '::::'].join('\n')
    expect(vitepressToMdc(source).split('\n')).toEqual(['::note{title="Outer"}', ':::warning', 'Inner.', ':::', '::'])
  })

  it('turns <Badge> into :badge, drops [[toc]], and leaves fenced code alone', () => {
    const source = [
      '## useHead <Badge type="warning" text="beta" />',
      '',
      '[[toc]]',
      '',
      'New <Badge>v3.10</Badge> here.',
      '',
      '```md',
      '::: tip',
      '<Badge text="x" />',
      ':::',
      '```',
    ].join('\n')
    expect(vitepressToMdc(source).split('\n')).toEqual([
      '## useHead :badge[beta]{color="warning"}',
      '',
      '',
      '',
      'New :badge[v3.10]{color="primary"} here.',
      '',
      '```md',
      '::: tip',
      '<Badge text="x" />',
      ':::',
      '```',
    ])
  })

  it('leaves Markdown without VitePress syntax as it is', () => {
    const source = '::tip\nMDC already.\n::\n\n| a | b |\n'
    expect(vitepressToMdc(source)).toBe(source)
  })
})
