import type { Mail } from './mailer'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The link that confirms a signup, and the one that ends it, both on the site's /newsletter page. */
export function newsletterLinks(siteUrl: URL, email: string, code: string, unsubscribeToken: string) {
  // Relative to the site's address, which may hold its base path (`https://example.org/fjord/`).
  const confirm = new URL('newsletter', siteUrl)
  confirm.search = new URLSearchParams({ email, confirmation: code }).toString()
  const unsubscribe = new URL('newsletter', siteUrl)
  unsubscribe.search = new URLSearchParams({ unsubscribe: unsubscribeToken }).toString()
  return { confirm: confirm.href, unsubscribe: unsubscribe.href }
}

/** The confirmation email: the link, how long it lasts, and (as in every email) the way out. */
export function confirmationMail({ to, brand, links, validHours }: { to: string; brand: string; links: { confirm: string; unsubscribe: string }; validHours: number }): Mail {
  const subject = `Confirm your subscription to the ${brand} newsletter`
  const text = [
    `Hello,`,
    ``,
    `Someone, hopefully you, asked to receive the ${brand} newsletter at this address.`,
    `Confirm your subscription by opening this link (it works for ${validHours} hours):`,
    ``,
    links.confirm,
    ``,
    `If you did not ask for it, ignore this email: nothing is sent until you confirm.`,
    ``,
    `Unsubscribe: ${links.unsubscribe}`,
    ``,
  ].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #0f172a">
<p>Hello,</p>
<p>Someone, hopefully you, asked to receive the ${escapeHtml(brand)} newsletter at this address.</p>
<p><a href="${escapeHtml(links.confirm)}" style="display: inline-block; padding: 10px 16px; border-radius: 6px; background: #16a34a; color: #fff; text-decoration: none">Confirm my subscription</a></p>
<p>The link works for ${validHours} hours. If you did not ask for it, ignore this email: nothing is sent until you confirm.</p>
<p style="font-size: 13px; color: #64748b"><a href="${escapeHtml(links.unsubscribe)}" style="color: #64748b">Unsubscribe</a></p>
</body></html>
`
  return { to, subject, text, html, headers: { 'List-Unsubscribe': `<${links.unsubscribe}>` } }
}
