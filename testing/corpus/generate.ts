// Deterministic generator of a realistic Markdown docs corpus for the fictional
// "Fjord" framework, used to benchmark the docs build.
//
// `npm run gen-corpus -- N DIR` (scripts/gen-corpus.ts) writes it to a folder; tests
// and benchmarks call `generateCorpus` directly.
//
// Exactly N pages (plus one `.navigation.yml` per folder). The same N always
// produces byte-identical output: all randomness comes from a
// seeded PRNG, and nothing reads the clock or `Math.random`.
import { codeBlock, codeGroup } from './code'
import { bulletList, callout, description, headingText, linkSentence, numberedList, paragraph, table } from './prose'
import { mixSeed, Rng } from './random'
import { type PageSlot, planTree } from './tree'
import { Words } from './words'

export interface CorpusFile {
  path: string // relative, POSIX separators
  content: string
}

interface Heading {
  level: 2 | 3 | 4
  text: string
  slug: string
}

const SEED = 0xf10d2024
// Purposes mixed into per-page seeds, so planning and rendering use separate streams.
const TREE = 1
const PLAN = 2
const RENDER = 3

/** GitHub-style heading slug: lower-case, drop everything but letters, digits, spaces and hyphens, spaces to hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')
}

/**
 * Picks the page's body size and its headings. This runs for every page
 * before any body is rendered, so that links can point at anchors that are
 * guaranteed to exist in the target page.
 */
function planPage(index: number): { size: number; headings: Heading[] } {
  const rng = new Rng(mixSeed(SEED, index, PLAN))
  const w = new Words(rng)
  // About 10% short pages (~1 KB), 10% long ones (12-20 KB), the rest 3-8 KB.
  const r = rng.float()
  const size = r < 0.1 ? rng.int(1000, 1600) : r < 0.9 ? rng.int(3000, 8000) : rng.int(12000, 20000)
  const headings: Heading[] = []
  const used = new Set<string>()
  const add = (level: 2 | 3 | 4) => {
    let text = headingText(w, level)
    // Redraw a few times on collision, then number the heading, so every anchor is unique.
    for (let tries = 0; used.has(slugify(text)) && tries < 8; tries++) text = headingText(w, level)
    for (let k = 2; used.has(slugify(text)); k++) text = `${text.replace(/ \d+$/, '')} ${k}`
    used.add(slugify(text))
    headings.push({ level, text, slug: slugify(text) })
  }
  const sections = Math.max(1, Math.round(size / 1600))
  for (let s = 0; s < sections; s++) {
    add(2)
    if (size > 2500 && rng.chance(0.45)) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        add(3)
        if (rng.chance(0.15)) add(4)
      }
    }
  }
  return { size, headings }
}

/** A page from the tree plus its planned size, headings and neighbours. */
interface Page extends PageSlot {
  size: number
  headings: Heading[]
  folderPages: Page[]
  sectionPages: Page[]
}

interface Link {
  target: Page
  anchor: Heading | undefined
  readMore: boolean
}

/** 1-5 links to other pages, mostly to neighbours in the same folder or section. */
function chooseLinks(rng: Rng, self: Page, all: Page[]): Link[] {
  if (all.length < 2) return []
  const count = Math.min(rng.int(1, 5), all.length - 1)
  const chosen = new Set<Page>()
  for (let attempt = 0; chosen.size < count && attempt < 50; attempt++) {
    const target = rng.pick(
      rng.weighted([
        [self.folderPages, 5],
        [self.sectionPages, 3],
        [all, 2],
      ] as const),
    )
    if (target !== self) chosen.add(target)
  }
  return [...chosen].map((target) => ({
    target,
    anchor: rng.chance(0.25) && target.headings.length > 0 ? rng.pick(target.headings) : undefined,
    readMore: rng.chance(0.25),
  }))
}

function yamlString(s: string): string {
  const plain = /^[A-Za-z][A-Za-z0-9 ,.()'/-]*$/.test(s) && !/^(yes|no|true|false|null|on|off)$/i.test(s)
  return plain ? s : JSON.stringify(s)
}

function frontMatter(rng: Rng, w: Words, page: PageSlot): string {
  const lines = ['---', `title: ${yamlString(page.title)}`, `description: ${yamlString(description(w, page.title))}`]
  if (rng.chance(0.01)) lines.push('navigation: false')
  if (rng.chance(0.2)) {
    const slug = page.url.split('/').pop() ?? 'index'
    const options = [
      ['Source', 'i-simple-icons-github', `https://github.com/fjord-dev/fjord/blob/main/packages/fjord/src/${slug}.ts`],
      ['Playground', 'i-lucide-play', `https://stackblitz.com/github/fjord-dev/examples/tree/main/${slug}`],
      ['Changelog', 'i-lucide-history', `https://github.com/fjord-dev/fjord/releases/tag/v${w.version()}.0`],
      ['RFC', 'i-lucide-message-square', `https://github.com/fjord-dev/rfcs/discussions/${rng.int(10, 900)}`],
    ]
    lines.push('links:')
    for (const [label, icon, to] of rng.sample(options, rng.int(1, 2))) {
      lines.push(`  - label: ${label}`, `    icon: ${icon}`, `    to: ${to}`, '    target: _blank')
    }
  }
  lines.push('---')
  return lines.join('\n')
}

/** Renders a page body: intro, then each heading followed by blocks until its share of the size budget is used. */
function renderBody(rng: Rng, w: Words, page: Page, links: Link[]): string {
  // The intro before the first heading is a unit of its own, hence the leading null.
  const units = [null, ...page.headings]
  const linkText = (l: Link) => {
    const to = l.target.url + (l.anchor ? `#${l.anchor.slug}` : '')
    return l.readMore ? `:read-more{to="${to}"}` : `[${l.anchor ? l.anchor.text : l.target.title}](${to})`
  }
  const unitLinks = new Map<number, Link[]>()
  for (const l of links) {
    const u = rng.int(0, units.length - 1)
    unitLinks.set(u, [...(unitLinks.get(u) ?? []), l])
  }

  const blocks: string[] = []
  const share = page.size / units.length
  units.forEach((heading, u) => {
    let used = 0
    const push = (block: string) => {
      blocks.push(block)
      used += block.length + 2
    }
    if (heading) push(`${'#'.repeat(heading.level)} ${heading.text}`)
    const mine = unitLinks.get(u) ?? []
    push(
      paragraph(
        w,
        mine.filter((l) => !l.readMore).map((l) => linkSentence(w, linkText(l))),
      ),
    )
    for (const l of mine) if (l.readMore) push(linkText(l))
    let last = 'paragraph'
    // Blocks average ~500 bytes, so stop once less than half a block is missing
    // rather than overshooting every section by a whole block.
    while (share - used > 250) {
      const kind = rng.weighted([
        ['paragraph', 5],
        ['code', 3],
        ['bullets', 1.4],
        ['steps', 0.7],
        ['table', 0.6],
        ['callout', 0.8],
        ['group', 0.3],
      ] as const)
      // Two tables or callouts in a row look odd, so redraw those.
      if (kind === last && kind !== 'paragraph' && kind !== 'code') continue
      last = kind
      if (kind === 'paragraph') push(paragraph(w))
      else if (kind === 'code') push(codeBlock(w))
      else if (kind === 'bullets') push(bulletList(w))
      else if (kind === 'steps') push(numberedList(w))
      else if (kind === 'table') push(table(w))
      else if (kind === 'callout') push(callout(w))
      else push(codeGroup(w))
    }
  })
  return blocks.join('\n\n')
}

function navigationYml(title: string, icon: string): string {
  return `title: ${yamlString(title)}\nicon: ${icon}\n`
}

/** Generates the whole corpus in memory: `.navigation.yml` files first, then the N pages. */
export function generateCorpus(n: number): CorpusFile[] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`generateCorpus: n must be a positive integer, got ${n}`)
  const tree = planTree(n, new Rng(mixSeed(SEED, TREE)))
  const groups = new Map<string, Page[]>()
  const group = (key: string) => {
    const found = groups.get(key)
    if (found) return found
    const created: Page[] = []
    groups.set(key, created)
    return created
  }
  // Every page's size and headings are planned before any body is rendered.
  const pages: Page[] = tree.pages.map((slot, i) => ({
    ...slot,
    ...planPage(i),
    folderPages: group(`folder:${slot.folder}`),
    sectionPages: group(`top:${slot.top}`),
  }))
  for (const page of pages) {
    page.folderPages.push(page)
    page.sectionPages.push(page)
  }

  const files: CorpusFile[] = tree.folders.map((f) => ({ path: `${f.dir}/.navigation.yml`, content: navigationYml(f.title, f.icon) }))
  pages.forEach((page, i) => {
    const rng = new Rng(mixSeed(SEED, i, RENDER))
    const w = new Words(rng)
    const body = renderBody(rng, w, page, chooseLinks(rng, page, pages))
    files.push({ path: page.file, content: `${frontMatter(rng, w, page)}\n\n${body}\n` })
  })
  return files
}
