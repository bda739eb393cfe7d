import { join } from 'node:path'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady, launchBrowser } from '../testing/browser'
import { readOutbox } from '../testing/outbox'

const base = inject('baseURL')
const outbox = join(inject('dataDir'), 'outbox')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** The emails in the server's outbox, as text. */
const emails = () => readOutbox(outbox)

/** The confirmation link of the latest email to `address`. */
async function confirmationLink(address: string): Promise<URL | undefined> {
  const mail = (await emails()).filter((text) => text.includes(`To: ${address}`)).at(-1)
  const link = mail && /https?:\/\/\S+confirmation=[a-f0-9]+/.exec(mail)?.[0]
  return link ? new URL(link) : undefined
}

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text })

async function open(path: string) {
  const page = await browser.newPage()
  await page.goto(base + path)
  await appReady(page)
  return page
}

describe('the newsletter', () => {
  it('signs up on /newsletter, confirms from the emailed link, and refuses a wrong code and a second signup', async () => {
    const page = await open('/newsletter')
    const form = page.locator('.newsletter-page-form')
    const email = form.getByRole('textbox', { name: 'Email' })
    await email.fill('fjord-journey')
    await email.blur()
    await expect.poll(() => form.getByText('Please enter a valid email').count()).toBe(1)
    await email.fill('Journey.Reader@Example.com')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => toast(page, 'Subscription pending').count()).toBe(1)
    expect(await toast(page, 'Please check your emails to confirm your subscription.').count()).toBe(1)
    expect(await email.inputValue()).toBe('')

    // The email leaves through the queue; its link opens the site.
    await expect.poll(() => confirmationLink('Journey.Reader@example.com'), { timeout: 10_000 }).toBeDefined()
    const link = await confirmationLink('Journey.Reader@example.com')
    expect(link?.origin).toBe(new URL(base).origin)
    expect(link?.pathname).toBe('/newsletter')

    const wrong = await open(`/blog?email=${encodeURIComponent('Journey.Reader@example.com')}&confirmation=${'0'.repeat(32)}`)
    await expect.poll(() => toast(wrong, 'Subscription failed').count()).toBe(1)
    expect(await toast(wrong, 'This confirmation link is invalid or has expired.').count()).toBe(1)
    await expect.poll(() => new URL(wrong.url()).search).toBe('')
    await wrong.close()

    const confirmed = await open(`${link?.pathname}${link?.search}`)
    await expect.poll(() => toast(confirmed, 'Subscription succeed').count()).toBe(1)
    expect(await toast(confirmed, 'You have been successfully subscribed to the newsletter.').count()).toBe(1)
    await expect.poll(() => new URL(confirmed.url()).search).toBe('')
    expect(new URL(confirmed.url()).pathname).toBe('/newsletter')

    // The same address again, from the footer, whatever its case: the server's message.
    const footer = confirmed.locator('footer')
    await footer.getByRole('textbox', { name: 'Email' }).fill('journey.reader@EXAMPLE.com')
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => toast(confirmed, 'Subscription failed').count()).toBe(1)
    expect(await toast(confirmed, 'This email address is already subscribed to the newsletter.').count()).toBe(1)
    await confirmed.close()
    await page.close()
  })

  it('ends a subscription from the link in the email, once', async () => {
    const page = await open('/')
    const footer = page.locator('footer')
    await footer.getByRole('textbox', { name: 'Email' }).fill('leaving@example.com')
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => toast(page, 'Subscription pending').count()).toBe(1)
    await expect.poll(async () => (await emails()).find((text) => text.includes('To: leaving@example.com')), { timeout: 10_000 }).toBeDefined()
    const mail = (await emails()).find((text) => text.includes('To: leaving@example.com')) ?? ''
    const unsubscribe = new URL(/Unsubscribe: (\S+)/.exec(mail)?.[1] ?? '')
    for (const [title, description] of [
      ['Unsubscribed', 'You will not receive the newsletter any more.'],
      ['Unsubscribe failed', 'This unsubscribe link is invalid or has already been used.'],
    ]) {
      const opened = await open(`${unsubscribe.pathname}${unsubscribe.search}`)
      await expect.poll(() => toast(opened, title ?? '').count()).toBe(1)
      expect(await toast(opened, description ?? '').count()).toBe(1)
      await expect.poll(() => new URL(opened.url()).search).toBe('')
      await opened.close()
    }
    await page.close()
  })
})
