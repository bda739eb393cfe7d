import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import type { Root } from 'mdast'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'

import { realTrees } from '../../testing/real-docs'
import { parseMarkdown, processMarkdown } from '.'
import { type SourceFiles, vitepressToMdc } from './vitepress'

/** A tree in memory: `/docs` is the source root, the page is `/docs/en/guide/page.md`. */
function memoryFiles(files: Record<string, string>, page = '/docs/en/guide/page.md'): SourceFiles {
  return { page, root: '/docs', read: (file) => files[file], display: (file) => file.replace('/docs/', '') }
}

const snippetFiles = {
  '/docs/snippets/snippet.js': 'export default function () {\n  // ..\n}\n',
  '/docs/snippets/region.js': '// #region snippet\nfunction foo() {\n  return 1\n}\n// #endregion snippet\n\nexport default foo\n',
  '/docs/en/snippets/x.ts': 'const a = 1\nconst b = 2\n',
  '/docs/en/guide/parts/basics.md': '---\ntitle: Part\n---\nSome getting started stuff.\n\n### Configuration\n\nCan be created using `.foorc.json`.\n',
  '/docs/en/guide/parts/regions.md':
    '<!-- #region usage -->\n## Usage Line 1\n\n## Usage Line 2\n<!-- #endregion usage -->\n\n## My Base Section\n\nSome content here.\n\n## Another\n\nOutside.\n',
  '/docs/en/guide/parts/vue.md': 'Intro.\n\n<Broken />\n',
}

const convert = (lines: string[], files = memoryFiles(snippetFiles)) => vitepressToMdc(lines.join('\n'), { file: 'page.md', lineOffset: 2, vue: true, files })

describe('VitePress containers, badges and the table of contents', () => {
  it('turns containers into callouts and a collapsible, line for line, titles kept', () => {
    const source = ['::: tip', 'A tip.', ':::', '', '::: danger Careful here', 'Danger.', ':::', '', '::: details Show the "code"', 'Hidden.', ':::'].join('\n')
    expect(vitepressToMdc(source).value.split('\n')).toEqual([
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
    expect(vitepressToMdc(source).value.split('\n')).toEqual(['::note{title="Outer"}', ':::warning', 'Inner.', ':::', '::'])
  })

  it('drops markdown-it attributes from titles: {open} on details, {no-title} on a tip', () => {
    const source = ['::: details Click me {open}', 'Hidden.', ':::', '::: tip {no-title}', 'Tip.', ':::'].join('\n')
    expect(vitepressToMdc(source).value.split('\n')).toEqual(['::collapsible{name="Click me"}', 'Hidden.', '::', '::tip', 'Tip.', '::'])
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
    expect(vitepressToMdc(source).value.split('\n')).toEqual([
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

  it("leaves an MDC author's nested blocks as written: `:::code-group` and `:::note` inside `::tip` are MDC there", () => {
    const mdc = [
      '::tip',
      'Use Markdown in slots:',
      '',
      '  :::code-group',
      '  ```mdc [index.md]',
      '  ::my-title',
      '  ::',
      '  ```',
      '    ::::code-preview{label="Preview"}',
      '      :::::example-title',
      '      A **rich** title.',
      '      :::::',
      '    ::::',
      '  :::',
      '',
      '  :::note',
      '  Nested.',
      '  :::',
      '::',
      '',
      ':::note',
      'At the top: the same block either way.',
      ':::',
    ]
    const { value } = vitepressToMdc(mdc.join('\n'))
    expect(value.split('\n')).toEqual([...mdc.slice(0, -3), '::note', 'At the top: the same block either way.', '::'])
  })

  it('leaves Markdown without VitePress syntax as it is', () => {
    const source = '::tip\nMDC already.\n::\n\n| a | b |\n'
    expect(vitepressToMdc(source).value).toBe(source)
  })

  it('keeps raw and v-pre content as plain Markdown, v-pre {{ }} shown as written', () => {
    const result = vitepressToMdc(['::: raw', 'Wraps in a `<div class="vp-raw">`', ':::', '::: v-pre', '{{ As is }}', ':::'].join('\n'), { vue: true })
    expect(result.value.split('\n')).toEqual(['', 'Wraps in a `<div class="vp-raw">`', '', '', '\\{{ As is }}', ''])
    expect(result.warnings).toEqual([])
    expect(result.origins).toBeUndefined()
  })
})

describe('VitePress code groups and code fences', () => {
  it('turns a code group into ::code-group whose tabs are the fences’ [labels]', async () => {
    const source = ['::: code-group', '', '```sh [npm]', '$ npm add -D vitepress', '```', '', '```sh [pnpm]', '$ pnpm add -D vitepress', '```', '', ':::'].join('\n')
    expect(vitepressToMdc(source).value.split('\n')[0]).toBe('::code-group')
    const result = await processPage(source)
    expect(result.body.code.map((block) => [block.lang, block.filename])).toEqual([
      ['sh', 'npm'],
      ['sh', 'pnpm'],
    ])
  })

  it('keeps {1,4-6}, drops :line-numbers, and turns [!code] comments into highlighted lines', async () => {
    const source = [
      '```ts:line-numbers=2 {1}',
      'const a = 1',
      'const b = 2 // [!code ++]',
      'const c = 3 // [!code --]',
      '```',
      '',
      '```js',
      '// [!code focus:2]',
      'one()',
      'two()',
      'three() /* [!code error] */',
      'four() # [!code word:four]',
      '```',
    ].join('\n')
    const result = vitepressToMdc(source)
    expect(result.value.split('\n')).toEqual([
      '```ts {1,2,3}',
      'const a = 1',
      'const b = 2',
      'const c = 3',
      '```',
      '',
      '```js {1,2,3}',
      'one()',
      'two()',
      'three()',
      'four()',
      '```',
    ])
    // The notation's own line went: later lines still map to the author's.
    expect(result.origins?.[7]?.line).toBe(9)
    const processed = await processPage(source)
    expect(processed.body.code.map((block) => [block.lang, block.highlights])).toEqual([
      ['ts', [1, 2, 3]],
      ['js', [1, 2, 3]],
    ])
  })
})

describe('VitePress snippet imports', () => {
  it('imports a file from the source root, its language from the extension, with highlighted lines', () => {
    const result = convert(['<<< @/snippets/snippet.js{2}', '', 'After.'])
    expect(result.value.split('\n')).toEqual(['```js {2}', 'export default function () {', '  // ..', '}', '```', '', 'After.'])
    expect(result.origins?.map((origin) => origin.line)).toEqual([1, 1, 1, 1, 1, 2, 3])
    expect(result.warnings).toEqual([])
  })

  it('imports a region, dedented, and a relative path with a language, line numbers and a label', () => {
    const result = convert(['<<< @/snippets/region.js#snippet{1}', '<<< ../snippets/x.ts{ts:line-numbers} [label]'])
    expect(result.value.split('\n')).toEqual(['```js {1}', 'function foo() {', '  return 1', '}', '```', '```ts [label]', 'const a = 1', 'const b = 2', '```'])
  })

  it('names a snippet’s tab after its file inside a code group', () => {
    const result = convert(['::: code-group', '<<< @/snippets/snippet.js', '<<< @/snippets/region.js#snippet{1,2 ts:line-numbers} [with region]', ':::'])
    const value = result.value.split('\n')
    expect(value[0]).toBe('::code-group')
    expect(value.filter((line) => line.startsWith('```') && line !== '```')).toEqual(['```js [snippet.js]', '```ts {1,2} [with region]'])
  })

  it('warns with file:line about a missing file and shows a note, not a crash', () => {
    const result = convert(['Intro.', '', '<<< @/snippets/missing.js', '', '::: code-group', '<<< ./gone.ts', ':::', '<<< ../../../etc/passwd'])
    expect(result.warnings.map((warning) => [warning.file, warning.line, warning.message])).toEqual([
      ['page.md', 5, 'code snippet "@/snippets/missing.js" not read: the file does not exist'],
      ['page.md', 8, 'code snippet "./gone.ts" not read: the file does not exist'],
      ['page.md', 10, 'code snippet "../../../etc/passwd" not read: it is outside the docs folder'],
    ])
    expect(result.value).toContain('::warning\nThe code snippet `@/snippets/missing.js` could not be read: the file does not exist.\n::')
    expect(result.value).toContain('```text [gone.ts]\nThe code snippet ./gone.ts could not be read: the file does not exist.\n```')
  })

  it('leaves <<< inside fenced code, and without file access, as written', () => {
    expect(convert(['```md', '<<< @/snippets/snippet.js', '```']).value).toBe('```md\n<<< @/snippets/snippet.js\n```')
    expect(vitepressToMdc('<<< @/snippets/snippet.js').value).toBe('<<< @/snippets/snippet.js')
  })
})

describe('VitePress Markdown file inclusion', () => {
  it('includes a file relative to the page, without its front matter, lines pointing into it', () => {
    const result = convert(['# Docs', '', '<!--@include: ./parts/basics.md-->', '', 'End.'])
    expect(result.value.split('\n')).toEqual(['# Docs', '', 'Some getting started stuff.', '', '### Configuration', '', 'Can be created using `.foorc.json`.', '', 'End.'])
    expect(result.origins?.map((origin) => `${origin.file ?? 'page'}:${origin.line}`)).toEqual([
      'page:1',
      'page:2',
      'en/guide/parts/basics.md:4',
      'en/guide/parts/basics.md:5',
      'en/guide/parts/basics.md:6',
      'en/guide/parts/basics.md:7',
      'en/guide/parts/basics.md:8',
      'page:4',
      'page:5',
    ])
  })

  it('selects lines: a range (front matter counted), a region, a heading’s section', () => {
    expect(convert(['<!--@include: ./parts/basics.md{6,}-->']).value).toBe('### Configuration\n\nCan be created using `.foorc.json`.')
    expect(convert(['<!--@include: @/en/guide/parts/regions.md#usage{,2}-->']).value).toBe('## Usage Line 1\n')
    expect(convert(['<!--@include: ./parts/regions.md#my-base-section-->']).value).toBe('\nSome content here.\n')
  })

  it('expands inside code too, and warns about what it cannot include, at the file and line', () => {
    const result = convert(['```js', '<!--@include: @/snippets/region.js{2,4}-->', '```', '<!--@include: ./parts/none.md-->', '<!--@include: ./parts/vue.md-->'])
    expect(result.value.split('\n').slice(0, 5)).toEqual(['```js', 'function foo() {', '  return 1', '}', '```'])
    expect(result.warnings.map((warning) => [warning.file, warning.line, warning.message])).toEqual([
      ['page.md', 6, 'included file "./parts/none.md" not read: the file does not exist'],
      ['en/guide/parts/vue.md', 3, 'Vue component "Broken" left out: this site cannot draw it; Markdown inside its tags stays'],
    ])
    expect(result.value).toContain('::warning\nThe file `./parts/none.md` could not be included: the file does not exist.\n::')
  })
})

describe('Vue-only syntax in a VitePress page', () => {
  it('leaves out script and style blocks, interpolations and components, one warning per kind at the first', () => {
    const result = convert([
      '<script setup>',
      "import X from './x.vue'",
      '</script>',
      '',
      'The count is {{ count }} and {{ other }}.',
      '',
      '<ClientOnly>',
      '',
      'Plain **Markdown** stays.',
      '',
      '</ClientOnly>',
      '',
      '<VPTeamMembers size="small" :members="members" />',
      '<my-widget',
      '  :a="b > c"',
      '/>',
      'Write `<ClientOnly>` and `{{ x }}` in code. <div class="kept">HTML</div>',
      '<!-- a comment -->',
      '<style module>',
      '.a { color: red }',
      '</style>',
    ])
    expect(result.value.split('\n')).toEqual([
      '',
      '',
      '',
      '',
      'The count is  and .',
      '',
      '',
      '',
      'Plain **Markdown** stays.',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Write `<ClientOnly>` and `{{ x }}` in code. <div class="kept">HTML</div>',
      '',
      '',
      '',
      '',
    ])
    expect(result.warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [3, `Vue block "<script setup>" left out: VitePress runs it in the browser; this site draws the page's Markdown only (2 on this page, the first here)`],
      [7, 'Vue interpolation "{{ count }}" left out: this site does not evaluate Vue expressions (2 on this page, the first here)'],
      [9, 'Vue component "ClientOnly" left out: this site cannot draw it; Markdown inside its tags stays (4 on this page, the first here; also VPTeamMembers, my-widget)'],
    ])
    // Line for line: nothing to map.
    expect(result.origins).toBeUndefined()
  })

  it('leaves Vue syntax alone outside a VitePress tree', () => {
    expect(vitepressToMdc('::: tip\n{{ $doc.title }} <MyComponent />\n:::').value).toBe('::tip\n{{ $doc.title }} <MyComponent />\n::')
  })
})

describe('processMarkdown over expanded snippets', () => {
  it('reports warnings and links at the author’s lines after lines were added', async () => {
    const source = ['<<< @/snippets/snippet.js', '', '[Guide](/guide/x)', '', ':unknown-thing', '', '<!--@include: ./parts/vue.md-->'].join('\n')
    const result = await processPage(source, memoryFiles(snippetFiles))
    expect(result.links.map((link) => link.line)).toEqual([13])
    expect(result.warnings.map((warning) => `${warning.file}:${warning.line}`)).toEqual(['en/guide/parts/vue.md:3', 'page.md:15'])
  })
})

function processPage(source: string, files?: SourceFiles) {
  return processMarkdown(source, {
    file: 'page.md',
    lineOffset: 10,
    path: '/docs/guide/page',
    title: () => 'Page',
    link: { fileDir: 'guide', prefix: '/docs', docsVersionPaths: [], vitepress: true },
    ...(files ? { files } : {}),
  })
}

const realTree = realTrees.vitepress
const realPage = path.join(realTree, 'en/guide/markdown.md')

describe.skipIf(!existsSync(realPage))(`VitePress's own guide to its Markdown (${existsSync(realPage) ? realPage : 'skipped: the shared real-docs tree is absent'})`, () => {
  it('stores no VitePress or Vue syntax as text outside code', async () => {
    const files: SourceFiles = {
      page: realPage,
      root: realTree,
      read: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
      display: (file) => path.relative(realTree, file),
    }
    const body = readFileSync(realPage, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '')
    const result = await processPage(body, files)
    const texts: string[] = []
    visit(parseMarkdown(result.body.value) as Root, (node) => {
      if (node.type === 'code' || node.type === 'inlineCode') return 'skip'
      if ('value' in node && typeof node.value === 'string') texts.push(node.value)
    })
    const leftovers = texts.filter((text) => /:::|<<<|<script|\{\{|\[!code/.test(text))
    expect(leftovers).toEqual([])
    expect(result.warnings.filter((warning) => /snippet|include/.test(warning.message))).toEqual([])
    expect(result.body.code.length).toBeGreaterThan(50)
  })
})
