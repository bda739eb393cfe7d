import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { DATABASE_FILE } from '../server/newsletter/database'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const oauth = inject('oauthURL')
const browser = useBrowser({ beforeAll, afterAll })
const run = promisify(execFile)
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
    // The address changes before the first route's render commits (it renders as a transition).
    await page.getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)

    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Sign in with GitHub' }).click()])
    // The popup goes to the provider and back, reports to the opener and closes itself.
    // Polled, not awaited as an event: on a busy machine the popup can close before the
    // click's promise settles, and a 'close' event already past would never come.
    const visited: string[] = []
    popup.on('framenavigated', (frame) => (frame === popup.mainFrame() ? visited.push(frame.url()) : undefined))
    const closed = await expect
      .poll(() => popup.isClosed(), { timeout: 15_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      )
    expect(closed, `the sign-in popup stayed open; it went to ${visited.join(' → ')}`).toBe(true)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome, Ingrid Solberg')
    expect(await page.getByRole('rowheader', { name: 'docsv4', exact: true }).count()).toBe(1)
    // The Spanish translation of 4.x is a collection of its own.
    expect(await page.getByRole('rowheader', { name: 'docsv4Es', exact: true }).count()).toBe(1)

    // Signed in, the login page sends you on; a reload keeps the session.
    await page.goto(`${base}/admin/login`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin')

    // A copy of the session cookie, taken before signing out.
    const copy = (await context.cookies()).find((c) => c.name === 'fjord-session')
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login')
    await page.goto(`${base}/admin`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login')
    expect(errors).toEqual([])
    await context.close()

    // The server ended the session: the copy signs no one in.
    const thief = await browser().newContext()
    await thief.addCookies([{ name: 'fjord-session', value: copy?.value ?? '', url: base }])
    expect((await thief.request.get(`${base}/api/admin/content`)).status()).toBe(401)
    await thief.close()
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

describe('admin: one-time link, subscribers', () => {
  it('signs in with npm run admin:link, then searches, deletes (after confirming) and exports subscribers', async () => {
    const dataDir = inject('dataDir')
    // Three readers signed up (written as the API writes them).
    const db = createClient({ url: pathToFileURL(join(dataDir, DATABASE_FILE)).href })
    for (const [i, email] of ['ada@e2e-admin.test', 'bo@e2e-admin.test', 'cy@e2e-admin.test'].entries()) {
      await db.execute({
        sql: "INSERT INTO subscribers (email, status, created_at, unsubscribe_token) VALUES (?, 'pending', ?, ?)",
        args: [email, Date.now() + i, `e2e-admin-${i}`],
      })
    }
    db.close()

    const context = await browser().newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
    // A guest asking for a page of the admin area is sent to sign in, with the way back.
    await page.goto(`${base}/admin/subscribers?status=pending`)
    await expect.poll(() => page.url()).toBe(`${base}/admin/login?redirect=${encodeURIComponent('/admin/subscribers?status=pending')}`)
    expect((await page.request.get(`${base}/api/admin/subscribers`)).status()).toBe(401)

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin-link.ts', 'ingridsolberg'], {
      env: { ...process.env, FJORD_DATA_DIR: dataDir, PUBLIC_URL: base },
    })
    const link = /https?:\/\/\S+\/api\/_auth\/link\?token=\S+/.exec(stdout)?.[0] ?? ''
    expect(link).toContain(`${base}/api/_auth/link?token=`)
    await page.goto(link)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscribers' }).click()
    await page.getByRole('searchbox', { name: 'Search by email' }).fill('e2e-admin')
    const rows = page.locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(3)
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('e2e-admin')

    await page.getByRole('button', { name: 'Delete bo@e2e-admin.test' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete subscriber?' })
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect.poll(() => page.locator('.toast').filter({ hasText: 'Subscriber deleted' }).count()).toBe(1)
    await expect.poll(() => rows.count()).toBe(2)

    // The export takes the search: a CSV with the two that are left.
    const csvUrl = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
    const csv = await (await page.request.get(new URL(csvUrl ?? '', base).href)).text()
    expect(csv.split('\r\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^email,status,created_at,confirmed_at,address_problem$/),
      expect.stringMatching(/^ada@e2e-admin\.test,pending,/),
      expect.stringMatching(/^cy@e2e-admin\.test,pending,/),
    ])
    expect(errors).toEqual([])

    // A cross-site request is refused, signed in or not.
    const crossSite = { headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' } }
    expect((await page.request.delete(`${base}/api/admin/subscribers/1`, crossSite)).status()).toBe(403)
    expect((await page.request.post(`${base}/api/newsletter/subscribe`, { ...crossSite, data: { email: 'x@example.com' } })).status()).toBe(403)

    // A guest, and a cookie changed by hand (another session id, the signature kept), get 401 everywhere.
    const session = (await context.cookies()).find((c) => c.name === 'fjord-session')
    expect(session?.httpOnly).toBe(true)
    const [id = '', signature = ''] = decodeURIComponent(session?.value ?? '').split(/\.(?=[^.]+$)/)
    const forgedValue = encodeURIComponent(`${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.${signature}`)
    for (const cookie of [undefined, forgedValue]) {
      const other = await browser().newContext()
      if (cookie) await other.addCookies([{ name: 'fjord-session', value: cookie, url: base }])
      for (const path of ['/subscribers', '/subscribers.csv', '/content', '/modules']) {
        const res = await other.request.get(`${base}/api/admin${path}`)
        expect(res.status(), `${path} ${cookie ? 'forged' : 'guest'}`).toBe(401)
        expect((await res.json()).message).toBe('Sign in as an administrator to use the admin API.')
      }
      expect((await other.request.delete(`${base}/api/admin/subscribers/1`, { headers: { Origin: base, 'Content-Type': 'application/json' } })).status()).toBe(401)
      await other.close()
    }

    // Signed in in a second browser too: Sign out everywhere, on the overview, ends both sessions.
    const secondLink = /https?:\/\/\S+\/api\/_auth\/link\?token=\S+/.exec(
      (await run(process.execPath, ['--import', 'tsx', 'scripts/admin-link.ts', 'ingridsolberg'], { env: { ...process.env, FJORD_DATA_DIR: dataDir, PUBLIC_URL: base } })).stdout,
    )?.[0]
    const secondBrowser = await browser().newContext()
    const secondPage = await secondBrowser.newPage()
    await secondPage.goto(secondLink ?? '')
    await expect.poll(() => new URL(secondPage.url()).pathname).toBe('/admin')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).click()
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login')
    // The second browser still holds its cookie, and a copy of this one's is replayed: both refused.
    const replay = await browser().newContext()
    await replay.addCookies([{ name: 'fjord-session', value: session?.value ?? '', url: base }])
    for (const signedOut of [secondBrowser, replay]) expect((await signedOut.request.get(`${base}/api/admin/content`)).status()).toBe(401)
    await replay.close()
    expect(errors).toEqual([])
    await secondBrowser.close()
    await context.close()

    // The link worked once.
    const again = await browser().newPage()
    await again.goto(link)
    await expect
      .poll(() =>
        again
          .getByRole('alert')
          .textContent()
          .catch(() => ''),
      )
      .toContain('This sign-in link is not valid')
    await again.close()
  })
})
