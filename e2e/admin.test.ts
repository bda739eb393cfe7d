import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { useBrowser } from './public-routes'

const base = inject('baseURL')
const oauth = inject('oauthURL')
const browser = useBrowser({ beforeAll, afterAll })
const nextSignIn = (who: unknown) => fetch(`${oauth}/__next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) })

describe('admin', () => {
  it('signs an administrator in through the popup, shows the dashboard, and signs out', async () => {
    await nextSignIn({ login: 'ingridsolberg', name: 'Ingrid Solberg' })
    const context = await browser().newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))

    // A guest is sent to the login page, which is always dark and has no site header.
    await page.goto(`${base}/admin`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login')
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)

    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Sign in with GitHub' }).click()])
    // The popup goes to the provider and back, reports to the opener and closes itself.
    await popup.waitForEvent('close', { timeout: 15_000 })
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome, Ingrid Solberg')
    expect(await page.getByRole('rowheader', { name: 'docsv4' }).count()).toBe(1)

    // Signed in, the login page sends you on; a reload keeps the session.
    await page.goto(`${base}/admin/login`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login')
    await page.goto(`${base}/admin`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login')
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the popup open with the reason when the login is not an administrator', async () => {
    await nextSignIn({ login: 'mallory', name: 'Mallory' })
    const context = await browser().newContext()
    const page = await context.newPage()
    await page.goto(`${base}/admin/login`)
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Sign in with GitHub' }).click()])
    await expect
      .poll(
        () =>
          popup
            .getByRole('alert')
            .textContent()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('That GitHub account is not an administrator of this site.')
    expect(popup.isClosed()).toBe(false)
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await context.close()
  })
})
