import { readdir } from 'node:fs/promises'
import { resolve } from 'node:path'

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })
const count = async (dir: string) => (await readdir(resolve(import.meta.dirname, '..', 'content', dir))).length

async function open(path: string): Promise<Page> {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(base + path)
  await appReady(page)
  await expect.poll(() => page.locator('main h1').count()).toBe(1)
  return page
}
/** Card titles in the lists named like `name` (a string or a pattern). */
const titles = (page: Page, name: string | RegExp) => page.getByRole('list', { name }).getByRole('heading').allTextContents()

describe('the directories', () => {
  it('/deploy shows the featured providers first, then every provider under its kind', async () => {
    const page = await open('/deploy')
    const featured = await titles(page, 'Featured providers')
    expect(featured.length).toBeGreaterThan(0)
    const kinds = ['Hosting', 'Edge', 'Serverless', 'Static', 'Container']
    const listed = new Set<string>()
    for (const kind of kinds) for (const title of await titles(page, `${kind} providers`)) listed.add(title)
    expect(listed.size).toBe(await count('deploy'))
    expect(listed.size).toBeGreaterThanOrEqual(12)
    for (const title of featured) expect(listed.has(title)).toBe(true)
    await page.close()
  })

  it("/deploy/{slug} shows the provider's logo, preset and website beside its guide", async () => {
    const page = await open('/deploy')
    await page.getByRole('list', { name: 'Container providers' }).getByRole('link', { name: 'Docker' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/deploy/docker')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Docker')
    const facts = page.getByRole('complementary', { name: 'Provider facts' })
    expect(await facts.textContent()).toContain('node-server')
    expect(await page.getByRole('heading', { level: 2, name: 'A multi-stage Dockerfile' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'All providers' }).getAttribute('href')).toBe('/deploy')
    await page.close()
  })

  it('/templates shows every template with its licence, demo and code', async () => {
    const page = await open('/templates')
    const names = await titles(page, 'Templates')
    expect(names).toHaveLength(await count('templates'))
    const cards = page.getByRole('list', { name: 'Templates' }).getByRole('listitem')
    for (const badge of ['Free', 'Freemium', 'Premium']) expect(await cards.filter({ hasText: badge }).count(), badge).toBeGreaterThan(0)
    expect(await cards.getByRole('link', { name: 'Buy' }).count()).toBeGreaterThan(0)
    await page.close()
  })

  it('/showcase groups every site by category, and /video-courses lists every course', async () => {
    const showcase = await open('/showcase')
    let sites = 0
    for (const category of ['Ecommerce', 'Media', 'SaaS', 'Education', 'Government', 'Open source']) sites += (await titles(showcase, `${category} sites`)).length
    expect(sites).toBe(await count('showcase'))
    expect(sites).toBeGreaterThanOrEqual(16)
    await showcase.close()

    const courses = await open('/video-courses')
    expect(await titles(courses, 'Video courses')).toHaveLength(await count('video-courses'))
    expect(await courses.getByRole('list', { name: 'Video courses' }).getByText('Sponsor').count()).toBeGreaterThan(0)
    await courses.close()
  })
})
