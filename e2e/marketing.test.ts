import { readdir, readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { parse } from 'yaml'

import { appReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })
const root = resolve(import.meta.dirname, '..', 'content')

/** The YAML of a content file, or the front matter of a Markdown one. */
async function readContent(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(resolve(root, file), 'utf8')
  return parse(file.endsWith('.md') ? (text.split(/^---$/m)[1] ?? '') : text) as Record<string, unknown>
}
async function readCollection(dir: string): Promise<Record<string, unknown>[]> {
  const files = (await readdir(resolve(root, dir))).sort()
  return Promise.all(files.map((file) => readContent(`${dir}/${file}`)))
}

let context: BrowserContext
beforeAll(async () => {
  context = await browser().newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
})

async function open(path: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(base + path)
  await appReady(page)
  await expect.poll(() => page.locator('main h1').count()).toBe(1)
  return page
}
const headings = (page: Page, list: string) => page.getByRole('list', { name: list, exact: true }).getByRole('heading').allTextContents()
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

describe('the home page', () => {
  it('shows the hero with a copyable install command, the highlights of each collection and a closing call', async () => {
    const index = await readContent('index/index.md')
    const hero = index.hero as { title: string }
    const page = await open('/')
    expect(await page.locator('main h1').textContent()).toBe(hero.title)

    await page.getByRole('button', { name: 'Copy install command' }).click()
    await expect.poll(() => clipboard(page)).toBe(index.install)

    expect(await headings(page, 'Features')).toEqual((index.features as { title: string }[]).map((f) => f.title))
    // The code example is the page body: a code group whose tabs are its files.
    expect(await page.getByRole('tab').allTextContents()).toEqual(['server/api/todos.get.ts', 'app/pages/todos.fjord', 'fjord.config.ts'])
    expect(await page.getByRole('list', { name: 'Popular modules' }).getByRole('listitem').count()).toBe(6)
    const modules = (await readdir(resolve(root, 'modules'))).length
    expect(await page.getByRole('link', { name: `Browse all ${modules} modules` }).getAttribute('href')).toBe('/modules')
    expect(await page.getByRole('list', { name: 'Deploy providers' }).getByRole('listitem').count()).toBe(6)

    const quotes = page.getByRole('list', { name: 'Testimonials' }).locator('figure')
    expect(await quotes.count()).toBe((index.testimonials as unknown[]).length)

    // Sponsors by tier, highest first, every sponsor of the collection present once.
    const sponsors = await readCollection('manual-sponsors')
    const tierOrder = ['Platinum', 'Gold', 'Silver', 'Bronze', 'Backer']
    const tiers = await page.locator('.sponsor-tier-title').allTextContents()
    expect(tiers).toEqual(tierOrder.filter((t) => sponsors.some((s) => s.tier === t.toLowerCase())))
    expect(tiers.length).toBeGreaterThanOrEqual(3)
    expect((await page.locator('.sponsor-logo img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).sort()).toEqual(sponsors.map((s) => s.name).sort())

    // The three newest published posts, and the newest release in the hero's badge.
    const posts = (await readCollection('blog')).filter((p) => p.draft !== true).sort((a, b) => String(b.date).localeCompare(String(a.date)))
    expect(await headings(page, 'Latest posts')).toEqual(posts.slice(0, 3).map((p) => p.title))
    const release = posts.find((p) => p.category === 'Release')
    expect(await page.locator('.landing-announcement').textContent()).toContain(String(release?.title))

    const cta = index.cta as { title: string }
    expect(await page.getByRole('heading', { level: 2, name: cta.title }).count()).toBe(1)
    await page.close()
  })
})

describe('the team page', () => {
  it('shows every member of each group in collection order, with role, location, profiles and sponsor links', async () => {
    const groups = (await readCollection('team')) as { title: string; users: { name: string; role?: string; location?: string; sponsor?: string }[] }[]
    const members = groups.flatMap((g) => g.users)
    expect(members.length).toBeGreaterThanOrEqual(8)
    const page = await open('/team')
    expect(await page.locator('main h2.ui-section-title').allTextContents()).toEqual(expect.arrayContaining(groups.map((g) => g.title)))
    for (const group of groups) expect(await headings(page, group.title)).toEqual(group.users.map((u) => u.name))
    for (const member of members) {
      const card = page.locator('.team-member', { has: page.getByRole('heading', { name: member.name, exact: true }) })
      if (member.role) expect(await card.locator('.team-member-role').textContent()).toBe(member.role)
      if (member.location) expect(await card.locator('.team-member-location').textContent()).toContain(member.location)
      const sponsor = card.getByRole('link', { name: `Sponsor ${member.name}` })
      expect(await sponsor.count()).toBe(member.sponsor ? 1 : 0)
      if (member.sponsor) expect(await sponsor.getAttribute('href')).toBe(member.sponsor)
    }
    await page.close()
  })
})

describe('the design kit', () => {
  it('copies a logo as SVG, downloads it as SVG and as a PNG drawn from it, and copies a colour', async () => {
    const page = await open('/design-kit')
    const svg = await readFile(resolve(import.meta.dirname, '..', 'public/design-kit/fjord-logo-light.svg'), 'utf8')

    await page.getByRole('button', { name: 'Copy logo as SVG, for light backgrounds' }).click()
    await expect.poll(() => clipboard(page)).toBe(svg)

    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Logo for light backgrounds as SVG' }).click()])
    expect(svgDownload.suggestedFilename()).toBe('fjord-logo-light.svg')
    expect(await readFile(String(await svgDownload.path()), 'utf8')).toBe(svg)

    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Logo for light backgrounds as PNG' }).click()])
    expect(pngDownload.suggestedFilename()).toBe('fjord-logo-light.png')
    const png = await readFile(String(await pngDownload.path()))
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    // IHDR: four times the SVG's own 240 × 64.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([960, 256])

    await page.getByRole('button', { name: 'Copy Fjord Green as hex: #00DC82' }).click()
    await expect.poll(() => clipboard(page)).toBe('#00DC82')
    expect(await page.getByRole('heading', { name: "Don't" }).count()).toBe(1)
    await page.close()
  })
})

describe('the enterprise pages', () => {
  it('overview links to each page and shows the plans, some agencies and the sponsors', async () => {
    const page = await open('/enterprise')
    const cards = page.getByRole('list', { name: 'Enterprise' }).getByRole('link')
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/enterprise/support',
      '/enterprise/agencies',
      '/enterprise/sponsors',
      '/enterprise/jobs',
    ])
    expect(await headings(page, 'Support plans')).toEqual((await readCollection('support')).map((s) => s.title))
    await page.getByRole('link', { name: 'Migration assistance' }).click()
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/enterprise/support#migration-assistance')
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Migration assistance' }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { level: 3, name: "What's included" }).count()).toBe(3)
    await page.close()
  })

  it('filters agencies by region and by service in the URL, with back, an empty state and a way out', async () => {
    const agencies = (await readCollection('agencies')) as { title: string; regions: string[]; services: string[] }[]
    expect(agencies.length).toBeGreaterThanOrEqual(6)
    const names = (list: typeof agencies) => list.map((a) => a.title).sort((a, b) => a.localeCompare(b))
    const page = await open('/enterprise/agencies')
    expect(await headings(page, 'Agencies')).toEqual(names(agencies))

    const inEurope = agencies.filter((a) => a.regions.includes('Europe'))
    await page
      .getByRole('group', { name: 'Region' })
      .getByRole('button', { name: `Europe (${inEurope.length})` })
      .click()
    await expect.poll(() => new URL(page.url()).searchParams.get('region')).toBe('Europe')
    await expect.poll(() => headings(page, 'Agencies')).toEqual(names(inEurope))

    const designInEurope = inEurope.filter((a) => a.services.includes('Design'))
    await page
      .getByRole('group', { name: 'Service' })
      .getByRole('button', { name: `Design (${designInEurope.length})` })
      .click()
    await expect.poll(() => new URL(page.url()).search).toBe('?region=Europe&service=Design')
    await expect.poll(() => headings(page, 'Agencies')).toEqual(names(designInEurope))

    await page.goBack()
    await expect.poll(() => new URL(page.url()).search).toBe('?region=Europe')
    await expect.poll(() => headings(page, 'Agencies')).toEqual(names(inEurope))

    // A region and a service no agency combines: the empty state, and clearing starts over.
    const africa = agencies.filter((a) => a.regions.includes('Africa'))
    const missing = ['Design', 'Accessibility', 'Training', 'Consulting'].find((s) => !africa.some((a) => a.services.includes(s)))
    await page.goto(`${base}/enterprise/agencies?region=Africa&service=${missing}`)
    await appReady(page)
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No agency matches' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => headings(page, 'Agencies')).toEqual(names(agencies))
    expect(new URL(page.url()).search).toBe('')
    await page.close()
  })

  it("opens an agency's page with its services, regions, location, contact and resources", async () => {
    const agency = (await readContent('agencies/baobab-labs.md')) as {
      title: string
      email: string
      phone: string
      location: string
      services: string[]
      resources: { label: string }[]
    }
    const page = await open('/enterprise/agencies')
    await page.getByRole('link', { name: agency.title }).click()
    await expect.poll(() => page.locator('main h1').textContent()).toBe(agency.title)
    expect(new URL(page.url()).pathname).toBe('/enterprise/agencies/baobab-labs')
    const facts = page.getByRole('complementary', { name: 'Agency details' })
    expect(await facts.getByRole('link', { name: agency.email }).getAttribute('href')).toBe(`mailto:${agency.email}`)
    expect(await facts.getByRole('link', { name: agency.phone }).getAttribute('href')).toBe('tel:+254205550164')
    expect(await facts.textContent()).toContain(agency.location)
    for (const service of agency.services) expect(await facts.textContent()).toContain(service)
    for (const resource of agency.resources) expect(await facts.getByRole('link', { name: resource.label }).count()).toBe(1)
    expect(await page.getByRole('heading', { level: 2, name: 'About' }).count()).toBe(1)
    await page.close()
  })

  it('shows sponsors by tier with larger logos for higher tiers, and the jobs', async () => {
    const page = await open('/enterprise/sponsors')
    const heights = await page.locator('.sponsor-tier').evaluateAll((tiers) => tiers.map((t) => t.querySelector('img')?.getBoundingClientRect().height ?? 0))
    expect(heights.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < heights.length; i++) expect(heights[i]).toBeLessThanOrEqual(Number(heights[i - 1]))
    expect(heights[0]).toBeGreaterThan(Number(heights.at(-1)))
    expect(await page.getByRole('heading', { level: 2, name: 'Become a sponsor' }).count()).toBe(1)

    const jobs = ((await readContent('landing/enterprise/jobs.yml')).jobs ?? []) as { title: string; company: string; link: string }[]
    expect(jobs.length).toBeGreaterThanOrEqual(3)
    await page.goto(base + '/enterprise/jobs')
    await appReady(page)
    await expect.poll(() => headings(page, 'Jobs')).toEqual(jobs.map((j) => j.title))
    expect(await page.getByRole('link', { name: jobs[0]?.title }).getAttribute('href')).toBe(jobs[0]?.link)
    await page.close()
  })
})

describe('the newsletter page', () => {
  it('has the pitch, the signup form and the past issues, newest first', async () => {
    const newsletter = await readContent('index/newsletter.md')
    const issues = (newsletter.issues as { title: string; date: string }[]).sort((a, b) => String(b.date).localeCompare(String(a.date)))
    const page = await open('/newsletter')
    expect(await page.locator('.newsletter-page-form').getByRole('textbox', { name: 'Email' }).count()).toBe(1)
    expect(await page.getByRole('heading', { level: 2, name: 'What you will receive' }).count()).toBe(1)
    expect(await headings(page, 'Past issues')).toEqual(issues.map((i) => i.title))
    await page.close()
  })
})
