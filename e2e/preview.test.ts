import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const token = inject('previewToken')
const browser = useBrowser({ beforeAll, afterAll })

/** A draft of the demo blog (`draft: true`): in no public file, only in preview mode. */
const DRAFT = '/blog/roadmap-fjord-5'
const DRAFT_TITLE = 'Looking ahead to Fjord 5'

describe('preview mode', () => {
  it('shows a draft with a valid ?preview= token, and hides it again on exit', async () => {
    const context = await browser().newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (m) => (m.type() === 'error' && !m.text().includes('404') ? errors.push(m.text()) : undefined))

    // Without preview, the draft does not exist.
    await page.goto(base + DRAFT)
    await appReady(page)
    await expect.poll(() => page.locator('main').textContent()).toContain(`Page Not Found: ${DRAFT}`)

    // The preview link: the token leaves the URL for the cookie and session storage.
    await page.goto(`${base}/blog?preview=${encodeURIComponent(token)}`)
    await appReady(page)
    const bar = page.getByRole('region', { name: 'Preview mode' })
    await expect.poll(() => bar.textContent()).toMatch(/Draft pages are visible \(\d+ drafts?\)/)
    expect(new URL(page.url()).search).toBe('')
    const cookie = (await context.cookies()).find((c) => c.name === 'previewToken')
    expect(cookie).toMatchObject({ value: token, path: '/', sameSite: 'None', secure: true })
    expect(await page.evaluate(() => sessionStorage.getItem('fjord-preview'))).toContain(token)

    // A draft opens in the app, and on a reload of its own URL.
    await page.goto(base + DRAFT)
    await appReady(page)
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe(DRAFT_TITLE)
    expect(await page.locator('main .blog-post-eyebrow').textContent()).toMatch(/^Draft/)
    expect(await bar.count()).toBe(1)

    // Exit: the draft on screen is gone, and stays gone.
    await bar.getByRole('button', { name: 'Exit preview' }).click()
    await expect.poll(() => page.locator('main').textContent()).toContain(`Page Not Found: ${DRAFT}`)
    expect(await bar.count()).toBe(0)
    expect((await context.cookies()).some((c) => c.name === 'previewToken')).toBe(false)
    await page.reload()
    await appReady(page)
    await expect.poll(() => page.locator('main').textContent()).toContain(`Page Not Found: ${DRAFT}`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('refuses a wrong token with a toast and stays out of preview', async () => {
    const page = await browser().newPage()
    await page.goto(`${base}/blog?preview=not-the-token`)
    await appReady(page)
    await expect.poll(() => page.locator('.toast').filter({ hasText: 'Preview failed' }).textContent()).toContain('This preview link is invalid or has expired.')
    expect(await page.getByRole('region', { name: 'Preview mode' }).count()).toBe(0)
    await page.goto(base + DRAFT)
    await appReady(page)
    await expect.poll(() => page.locator('main').textContent()).toContain(`Page Not Found: ${DRAFT}`)
    await page.close()
  })
})
