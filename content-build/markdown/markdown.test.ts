import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'

import { AUTOLINK_TRIGGER, parseMarkdown, processMarkdown } from '.'
import { CODE_BACKGROUND, contrast } from './contrast'
import { autolinkLines, tableHeaderLines } from './gfm'
import { type LinkContext, resolveLink } from './links'
import { parseCodeMeta } from './transform'

/** The tree the browser's renderer parses (src/components/markdown/body-tree.ts): GFM and MDC as published. */
const renderer = unified().use(remarkParse).use(remarkGfm).use(remarkMdc).freeze()
const rendererTree = (doc: string) => renderer.parse(doc)

const docsLink: LinkContext = { fileDir: '2.guide', prefix: '/docs/4.x', docsVersionPath: '/docs/4.x', docsVersionPaths: ['/docs/4.x', '/docs/3.x'] }

function run(markdown: string, link: LinkContext = docsLink, title = 'Page') {
  return processMarkdown(markdown, { file: 'content/docs/4.x/2.guide/1.page.md', lineOffset: 4, path: '/docs/4.x/guide/page', title: () => title, link })
}

describe('markdown transform', () => {
  it('turns GitHub alerts into MDC callouts', async () => {
    const { body } = await run('> [!WARNING]\n> Mind the **gap**.\n')
    expect(body.value.trim()).toBe('::warning\nMind the **gap**.\n::')
  })

  it('stores an alert as written, marker lines rewritten, and it reads back as the callout the tree holds', async () => {
    const alerts = [
      '> [!NOTE]\n> Plain *emphasis* and [a link](/docs/4.x/api).\n>\n> - one\n> - two\n',
      '> [!TIP] Text on the marker line\n> and a second line.\n',
      '>[!IMPORTANT]\n>No space after the markers,\nand a lazy line.\n',
      '> [!CAUTION]\n',
      '> [!WARNING]\n> > A quote inside.\n>\n> ## A heading\n',
      // Not rewritten in place (each could read differently): the tree is serialised instead.
      '> [!NOTE]\n> ```ts\n> const a = 1\n> ```\n',
      '> [!NOTE]\n> ::badge\n> x\n> ::\n',
      '- item\n\n  > [!NOTE]\n  > In a list.\n',
      '> [!NOTE]\n>\tTabbed.\n',
    ]
    const plain = (value: string) => JSON.parse(JSON.stringify(parseMarkdown(value).children, (key, v: unknown) => (key === 'position' ? undefined : v)))
    for (const [i, alert] of alerts.entries()) {
      const source = `Intro.\n\n${alert}\nAfter *it*.\n`
      const { body } = await run(source)
      // An explicit heading id cannot be an edit: the same page, serialised.
      const { body: serialised } = await run(`${source}\n## End {#end}\n`)
      expect(plain(body.value), alert).toEqual(plain(serialised.value).slice(0, -1))
      expect(body.value.includes('After *it*.'), alert).toBe(i < 5)
    }
  })

  it('leaves ordinary blockquotes alone', async () => {
    const { body } = await run('> Just a quote.\n')
    expect(body.value.trim()).toBe('> Just a quote.')
  })

  it('gives headings stable, unique ids in document order', async () => {
    const { body } = await run('## Getting Started!\n\n### `useFetch()` options\n\n## Getting Started!\n')
    expect(body.toc).toEqual([
      { id: 'getting-started', depth: 2, text: 'Getting Started!' },
      { id: 'usefetch-options', depth: 3, text: 'useFetch() options' },
      { id: 'getting-started-1', depth: 2, text: 'Getting Started!' },
    ])
  })

  it('reads heading ids as Nuxt Content does: inline components left out, an explicit {#id} honoured', async () => {
    const { body } = await run('## useFoo :badge[v3.10]\n\n## Custom title {#my-anchor}\n\n## Styled [word]{.big} here\n')
    expect(body.toc).toEqual([
      { id: 'usefoo', depth: 2, text: 'useFoo', badge: 'v3.10' },
      { id: 'my-anchor', depth: 2, text: 'Custom title' },
      { id: 'styled-word-here', depth: 2, text: 'Styled word here' },
    ])
    // The {#id} is an anchor, not text the reader sees.
    expect(body.value).not.toContain('{#my-anchor}')
    expect(body.value).toContain(':badge[v3.10]')
  })

  it("drops a leading h1 that repeats the page's title, so the page has one h1", async () => {
    const same = await run('# Installation\n\nRun it.\n\n## Next\n', docsLink, 'Installation')
    expect(same.body.value.trim()).toBe('Run it.\n\n## Next')
    expect(same.body.toc.map((t) => t.text)).toEqual(['Next'])
    const other = await run('# Something else\n\nText.\n', docsLink, 'Installation')
    expect(other.body.value).toContain('# Something else')
  })

  it('reads VitePress containers and badges into the components the renderer knows', async () => {
    const { body, warnings } = await run('## API <Badge type="warning" text="beta" />\n\n::: warning Heads up\nCareful.\n:::\n')
    expect(body.value).toContain('::warning{title="Heads up"}')
    expect(body.toc).toEqual([{ id: 'api', depth: 2, text: 'API', badge: 'beta' }])
    expect(warnings).toEqual([])
  })

  it('highlights code at build time in both themes, with filename and line highlights', async () => {
    const { body } = await run('```ts [fjord.config.ts] {1}\nexport default { ssr: true }\n```\n')
    const [block] = body.code
    expect(block?.lang).toBe('ts')
    expect(block?.filename).toBe('fjord.config.ts')
    expect(block?.highlights).toEqual([1])
    const keyword = block?.lines[0]?.find((t) => Array.isArray(t) && t[0] === 'export')
    // github-light's #d73a49 falls just short of 4.5:1 on the code background: darkened until it passes.
    expect(Array.isArray(keyword) && body.palette[keyword[1]]).toEqual({ light: '#cc3745', dark: '#f97583' })
    expect(contrast('#cc3745', CODE_BACKGROUND.light)).toBeGreaterThanOrEqual(4.5)
    expect(contrast('#d73a49', CODE_BACKGROUND.light)).toBeLessThan(4.5)
    const text = block?.lines.map((line) => line.map((t) => (typeof t === 'string' ? t : t[0])).join('')).join('\n')
    expect(text).toBe('export default { ssr: true }')
  })

  it('keeps unknown languages as plain text instead of failing', async () => {
    const { body } = await run('```brainfudge\n+++.\n```\n')
    expect(body.code[0]).toEqual({ lang: 'text', lines: [['+++.']] })
  })

  it('warns about unknown components with file and line', async () => {
    const { warnings } = await run('Text.\n\n::fancy-widget\nInside.\n::\n')
    expect(warnings).toEqual([{ file: 'content/docs/4.x/2.guide/1.page.md', line: 7, message: 'unknown component "fancy-widget": renders in a labelled frame' }])
  })

  it("knows HTML-named components of the safe list and Nuxt UI's prose names, and keeps :br and :hr as written", async () => {
    const source = [
      'Line one :br line two, H:sub[2]O, x:sup[2], :mark[marked], :abbr[CSS]{title="Cascading Style Sheets"}.',
      '',
      ':hr',
      '',
      '::div',
      'In a div.',
      '::',
      '',
      '::prose-note{color="warning"}',
      'A note.',
      '::',
      '',
      '::prose-steps',
      '### One',
      '::',
      '',
    ].join('\n')
    const { body, warnings } = await run(source)
    expect(warnings).toEqual([])
    expect(body.value).toBe(source)
  })

  it('frames what is not on the safe list: an :iframe or a ::script is an unknown component, an empty :script text', async () => {
    const { body, warnings } = await run('::iframe{src="https://evil.example"}\n::\n\n::script\nalert(1)\n::\n\nSee :script here, and :sup there.\n')
    expect(warnings.map((w) => w.message)).toEqual([
      'unknown component "iframe": renders in a labelled frame',
      'unknown component "script": renders in a labelled frame',
      'unknown inline component ":script" with neither attributes nor content: kept as text',
      // An HTML element with nothing in it would draw nothing.
      'empty inline element ":sup" with neither attributes nor content: kept as text',
    ])
    expect(body.value).toContain('See \\:script here, and \\:sup there.')
  })

  it('keeps an unknown inline component with neither attributes nor content as the text it was written as', async () => {
    // GitHub-style docs write `:Using` as text; MDC reads it as a component with nothing to show.
    for (const edited of [false, true]) {
      // The second run gives a heading an explicit id, so the tree is serialised instead of edited.
      const heading = edited ? '## Options {#options}\n\n' : ''
      const { body, warnings } = await run(`${heading}Options :Using the CLI, and :badge[v3] and :mystery{x="1"}.\n`)
      const html = renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkMdc] }, body.value))
      expect(html).toContain('Options :Using the CLI')
      expect(warnings.map((w) => w.message)).toEqual([
        'unknown inline component ":Using" with neither attributes nor content: kept as text',
        'unknown component "mystery": renders in a labelled frame',
      ])
    }
  })

  it('versions unversioned docs links and resolves relative ones, reporting their lines', async () => {
    const { body, links } = await run('See [a](/docs/guide/concepts#x), [b](./2.other.md), [c](../1.getting-started/index.md) and :read-more{to="/docs/api"}.\n')
    expect(links.map((l) => l.url)).toEqual(['/docs/4.x/guide/concepts#x', '/docs/4.x/guide/other', '/docs/4.x/getting-started', '/docs/4.x/api'])
    expect(links.every((l) => l.line === 5)).toBe(true)
    expect(body.value).toContain('(/docs/4.x/guide/concepts#x)')
    expect(body.value).toContain(':read-more{to="/docs/4.x/api"}')
  })

  it("stores the author's Markdown as written when only links change", async () => {
    const source = '* item with [link](/docs/guide "Guide") and ![x](/img.svg)\n\n__bold__ [ref]\n\n:read-more{to=/docs/api}\n\n[ref]: ../index.md\n'
    const { body } = await run(source)
    expect(body.value).toBe('* item with [link](/docs/4.x/guide "Guide") and ![x](/img.svg)\n\n__bold__ [ref]\n\n:read-more{to=/docs/4.x/api}\n\n[ref]: /docs/4.x\n')
  })

  it('serialises the tree when a rewritten link is not written literally', async () => {
    const { body } = await run('See [a](/docs/a\\_b) now.\n')
    const link = JSON.stringify(parseMarkdown(body.value))
    expect(link).toContain('"url":"/docs/4.x/a_b"')
  })

  it('parses documents without autolink triggers the same as the renderer does', () => {
    const doc = '# T\n\n| a | b |\n|---|:-:|\n| ~~x~~ | y[^1] |\n\n- [x] done\n- [ ] todo\n\n[^1]: Note.\n\n::tip\nA *tip* with `code`.\n::\n'
    expect(AUTOLINK_TRIGGER.test(doc)).toBe(false)
    expect(parseMarkdown(doc)).toEqual(rendererTree(doc))
  })

  it('parses every literal autolink, and only needs the autolink extension where one can start', () => {
    const linked = [
      'www.fjord.dev',
      'WWW.fjord.dev',
      'https://fjord.dev/x',
      'HTTP://fjord.dev',
      'team@fjord.dev',
      'a.b+c_d-e@mail.fjord.dev',
      'mailto:team@fjord.dev',
      'xmpp:team@fjord.dev/home',
      // GFM links an address whose domain starts with its dot.
      'a@.fjord',
    ]
    for (const text of linked) {
      const doc = `Write to ${text} today.\n`
      expect(AUTOLINK_TRIGGER.test(doc), text).toBe(true)
      expect(JSON.stringify(parseMarkdown(doc)), text).toContain('"type":"link"')
      expect(parseMarkdown(doc), text).toEqual(rendererTree(doc))
    }
    // Near misses: without the extension they parse to the same tree, so they take the quicker parse.
    const plain = 'Install `@fjord/ui` or @fjord/kit over http, see [the site](/docs) or <mailto:x>, mail to team at fjord.dev; a@b is not an address.\n'
    expect(AUTOLINK_TRIGGER.test(plain)).toBe(false)
    expect(parseMarkdown(plain)).toEqual(rendererTree(plain))
  })

  it('tries literal autolinks only on the lines that hold one, with the same tree', () => {
    const docs = [
      'Plain words on line one.\nWrite to team@fjord.dev or see www.fjord.dev.\nMore words, an @fjord/ui scope.\n',
      '- item with https://fjord.dev/a\n- item without\n  lazy www.fjord.dev/b continuation\n',
      '> quoted a@b.co\n> and text\nlazy https://x.dev\n',
      '| a | b |\n|---|---|\n| www.fjord.dev | plain |\n| plain | c@d.ef |\n',
      'Note[^1].\n\n[^1]: See https://fjord.dev\n    and more words.\n',
      '::tip\nA tip at www.fjord.dev and words.\n::\n\n:badge[https://fjord.dev]{to="/x"}\n',
      'CRLF line\r\nmail a@b.cd\r\nwords\r\n',
      'CR line\rhttps://fjord.dev\rwords\r',
      '`https://in.code` and [label](https://fjord.dev) and <https://fjord.dev>.\n\n```\nwww.fjord.dev\n```\n',
      'An address split team@\nfjord.dev over lines, www\n.fjord.dev and https:\n//fjord.dev too.\n',
      '*emph www.fjord.dev*, **strong a@b.co**, ~~gone https://x.y~~, (www.fjord.dev/a_(b)).\n',
    ]
    for (const doc of docs) {
      expect(parseMarkdown(doc), doc).toEqual(rendererTree(doc))
    }
    expect([...autolinkLines(docs[0]!)]).toEqual([2])
    expect([...autolinkLines(docs[6]!)]).toEqual([2])
    expect([...autolinkLines(docs[7]!)]).toEqual([2])
    // Each page of the demo that has an autolink has it on a marked line, and parses as the renderer does (below).
    expect([...autolinkLines('a\nb https://x.y c\n\nd@e.f\n')]).toEqual([2, 4])
  })

  it('finds every table, and reads only the line before a possible delimiter row as a header', () => {
    const tables = [
      '| a | b |\n|---|:-:|\n| 1 | 2 |\n',
      'a | b\n--|--\n1 | 2\n',
      // One column, no pipe at all: the colon makes it a delimiter row.
      'a\n:--\n',
      'a\n--:\n',
      'Text before.\n| a | b |\n| - | - |\n',
      '> | a | b |\n> |---|---|\n> | 1 | 2 |\n',
      '- item\n\n  | a | b |\n  |---|---|\n',
      '1. item\n   a | b\n   --|--\n',
      '[^1]: Note.\n\n    | a | b |\n    |---|---|\n',
      '::card\n| a | b |\n|---|---|\n| 1 | 2 |\n::\n',
      '::card\n#title\n| a | b |\n|---|---|\n::\n',
      'CRLF | x\r\n--- | ---\r\nrow | y\r\n',
      'CR | x\r--- | ---\rrow | y\r',
      'Tab\t| x\n--\t|\t:-\n',
      '# Heading\n\n| a |\n|:-:|\n| b |\n\npara\n\n| c | d |\n|---|---|\n',
    ]
    for (const doc of tables) {
      expect(tableHeaderLines(doc).size, doc).toBeGreaterThan(0)
      expect(JSON.stringify(parseMarkdown(doc)), doc).toContain('"type":"table"')
      expect(parseMarkdown(doc), doc).toEqual(rendererTree(doc))
    }
    // No line that could be a delimiter row: parsed without the table construct, to the same tree.
    const none = ['a | b\n', 'Type: `string | number`\n', '---\n\ntext\n---\n', 'a\n---\n', '- a\n- b\n', '| a | b |\n| 1 | 2 |\n', 'a\n:\n']
    for (const doc of none) {
      expect(tableHeaderLines(doc).size, doc).toBe(0)
      expect(parseMarkdown(doc), doc).toEqual(rendererTree(doc))
    }
    // Possible delimiter rows that are none, and tables among lines that are not headers.
    const mixed = ['a\n\n:--\n', '- a\n- :--\n', 'a b\n:-- :--\n', 'x\n---|\n', 'one\ntwo\n| a |\n|---|\n| 1 |\nthree\n']
    for (const doc of mixed) expect(parseMarkdown(doc), doc).toEqual(rendererTree(doc))
  })

  it("parses every page of the demo content to the renderer's tree", () => {
    const pages = readdirSync('content', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'))
    expect(pages.length).toBeGreaterThan(100)
    for (const page of pages) {
      const body = readFileSync(join('content', page), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')
      expect(parseMarkdown(body), page).toEqual(rendererTree(body))
    }
  })

  it('takes the title from the first h1 and the description from the first paragraph', async () => {
    const result = await run('# The Title\n\nFirst *paragraph*\nwraps.\n\nSecond.')
    expect(result.firstHeading).toBe('The Title')
    expect(result.firstParagraph).toBe('First paragraph wraps.')
  })

  it('stores Markdown that parses back to the same headings and code blocks', async () => {
    const source = '## A\n\n::code-group\n```bash [npm]\nnpm i\n```\n```bash [pnpm]\npnpm i\n```\n::\n\n> [!TIP]\n> ### Inside\n\n| x | y |\n|---|---|\n| 1 | 2 |\n'
    const { body } = await run(source)
    const tree = parseMarkdown(body.value)
    const count = (type: string) => JSON.stringify(tree).split(`"type":"${type}"`).length - 1
    expect(count('heading')).toBe(body.toc.length)
    expect(count('code')).toBe(body.code.length)
    expect(count('table')).toBe(1)
  })

  it('reads the HTML real docs write: anchors, links and images become Markdown, the ids linkable', async () => {
    const source = [
      '<a id="decorate-request"></a>',
      '',
      '#### decorateRequest(name)',
      '',
      'See <a name="fst_err_not_found">FST_ERR_NOT_FOUND</a>, <a href="./routes.md#options">the options</a> and <img src="/img/logo.png" alt="Logo [x]">.',
      '',
      '| <a id="code">Code</a> | a<br>b |',
      '|---|---|',
      '',
      'A stray <a id="alone"> and Promise<T> as written.',
    ].join('\n')
    const result = await run(source)
    expect(result.body.value).toBe(
      [
        '[]{id="decorate-request"}',
        '',
        '#### decorateRequest(name)',
        '',
        'See [FST_ERR_NOT_FOUND]{id="fst_err_not_found"}, [the options](/docs/4.x/guide/routes#options) and ![Logo \\[x\\]](/img/logo.png).',
        '',
        '| [Code]{id="code"} | a<br>b |',
        '|---|---|',
        '',
        'A stray []{id="alone"} and Promise<T> as written.',
      ].join('\n'),
    )
    expect(result.anchors).toEqual(['decorate-request', 'fst_err_not_found', 'code', 'alone'])
    // HTML in a heading is not its text (GitHub-style `## <a id="x"></a>Title`).
    const heading = await run('## <a id="legacy"></a>Hooks `onRequest`\n')
    expect(heading.body.toc).toEqual([{ id: 'hooks-onrequest', depth: 2, text: 'Hooks onRequest' }])
    expect(heading.anchors).toEqual(['legacy'])
    expect(result.links).toEqual([
      { url: '/docs/4.x/guide/routes#options', line: 9, kind: 'link' },
      { url: '/img/logo.png', line: 9, kind: 'image' },
    ])
    // What the renderer reads back: spans with those ids, a link and an image.
    const html = renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm, remarkMdc] }, result.body.value))
    expect(html).toContain('<span id="fst_err_not_found">FST_ERR_NOT_FOUND</span>')
    expect(html).toContain('<a href="/docs/4.x/guide/routes#options">the options</a>')
    expect(html).toContain('<img src="/img/logo.png" alt="Logo [x]"/>')
  })

  it('renders with react-markdown, raw HTML shown as text and never as elements (an image keeps only its source)', async () => {
    const { body } = await run('Hello <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n\n| a |\n|---|\n| b |\n')
    const html = renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm, remarkMdc] }, body.value))
    expect(html).not.toMatch(/<script|<iframe|onerror/)
    expect(html).toContain('&lt;script&gt;')
    // An HTML image is read as a Markdown image: its source, none of its other attributes.
    expect(html).toMatch(/<img src="[^"]*x" alt=""\/>/)
    expect(html).toContain('<table>')
  })
})

describe('links', () => {
  it('in a VitePress tree: root links are docs links, and pages may be linked as .html', () => {
    const vitepress: LinkContext = { ...docsLink, vitepress: true }
    expect(resolveLink('/guide/routing', vitepress)).toBe('/docs/4.x/guide/routing')
    expect(resolveLink('/guide/routing.html#params', vitepress)).toBe('/docs/4.x/guide/routing#params')
    expect(resolveLink('/guide/', vitepress)).toBe('/docs/4.x/guide')
    expect(resolveLink('/', vitepress)).toBe('/docs/4.x')
    expect(resolveLink('/guide/index.md', vitepress)).toBe('/docs/4.x/guide')
    expect(resolveLink('./routing.html', vitepress)).toBe('/docs/4.x/guide/routing')
    // Files and other versions are left as written.
    expect(resolveLink('/logo.png', vitepress)).toBe('/logo.png')
    expect(resolveLink('/docs/3.x/guide', vitepress)).toBe('/docs/3.x/guide')
    // Outside a VitePress tree, a root link is a site path.
    expect(resolveLink('/guide/routing', docsLink)).toBe('/guide/routing')
  })

  it('leaves external URLs, anchors and other versions alone', () => {
    expect(resolveLink('https://example.com/docs/x', docsLink)).toBe('https://example.com/docs/x')
    expect(resolveLink('#options', docsLink)).toBe('#options')
    expect(resolveLink('/docs/3.x/guide', docsLink)).toBe('/docs/3.x/guide')
    expect(resolveLink('/blog/post/', docsLink)).toBe('/blog/post')
  })
})

describe('code fence meta', () => {
  it('reads filename and line ranges', () => {
    expect(parseCodeMeta('ts', '[app/pages/index.vue] {1,3-5}')).toEqual({ lang: 'ts', filename: 'app/pages/index.vue', highlights: [1, 3, 4, 5] })
    expect(parseCodeMeta('', '')).toEqual({ lang: '', highlights: [] })
    expect(parseCodeMeta('ts', '[server/api/posts/[id].patch.ts] {2}')).toEqual({ lang: 'ts', filename: 'server/api/posts/[id].patch.ts', highlights: [2] })
  })
})

describe('HTML comments', () => {
  it('are left out of the stored body, block and inline, and code keeps its own', async () => {
    const out = await run('Before <!-- a note --> after.\n\n<!--\nmarkdownlint-disable\n-->\n\n```html\n<!-- shown: code -->\n```\n\n<!--more-->\n\nEnd.\n')
    expect(out.body.value).not.toContain('a note')
    expect(out.body.value).not.toContain('markdownlint')
    expect(out.body.value).not.toContain('<!--more-->')
    expect(out.body.value).toContain('<!-- shown: code -->')
    expect(out.body.value).toContain('Before  after.')
    expect(out.warnings).toEqual([])
  })
})
