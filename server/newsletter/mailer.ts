import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import nodemailer, { type Transporter } from 'nodemailer'

/** An email as the newsletter writes it: both a text and an HTML body. */
export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>
  /**
   * The same for every send of one queued email (server/newsletter/queue.ts): a send
   * made again after a server died mid-way replaces the first in the outbox, and
   * carries the same Message-ID over SMTP, so the reader gets one email.
   */
  key?: string
}

/** Sends an email, or throws (the queue retries later). */
export interface Mailer {
  readonly name: string
  send(mail: Mail): Promise<void>
}

/**
 * The default mailer: each email as an `.eml` file (a complete MIME message, text and
 * HTML) in the outbox folder, for a person or a relay to pick up. With `logLinks` (a
 * site served on loopback: development) it also logs the links the email carries, so
 * the confirmation link is one click away in the terminal; elsewhere it logs only the
 * file, since the code in the link is a secret.
 */
export class OutboxMailer implements Mailer {
  readonly name = 'outbox'
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly options: { logLinks?: boolean; log?: (line: string) => void; now?: () => number } = {},
  ) {}

  async send(mail: Mail): Promise<void> {
    const { key, ...fields } = mail
    const info = await this.composer.sendMail({ from: this.from, ...fields, ...(key ? { messageId: messageId(key, this.from) } : {}) })
    const message = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message))
    await mkdir(this.dir, { recursive: true })
    const file = join(this.dir, `${key ?? `${(this.options.now ?? Date.now)()}-${randomBytes(4).toString('hex')}`}.eml`)
    // Written whole, then renamed: a reader of the folder never sees half an email.
    await writeFile(`${file}.tmp`, message)
    await rename(`${file}.tmp`, file)
    const log = this.options.log ?? console.log
    log(`newsletter: email to ${mail.to} written to ${file}`)
    if (this.options.logLinks) for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) log(`newsletter:   ${link}`)
  }
}

/** SMTP through nodemailer, for SMTP_URL (`smtps://user:pass@smtp.example.com`). */
export class SmtpMailer implements Mailer {
  readonly name = 'smtp'
  private readonly transport: Transporter

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url)
  }

  async send(mail: Mail): Promise<void> {
    const { key, ...message } = mail
    await this.transport.sendMail({ from: this.from, ...message, ...(key ? { messageId: messageId(key, this.from) } : {}) })
  }
}

/** A Message-ID made from a queued email's key, at the sender's domain. */
function messageId(key: string, from: string): string {
  return `<${key}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'localhost'}>`
}

/** SMTP when SMTP_URL is set, else the outbox folder. The sender is SMTP_FROM, else newsletter@ the site's host. */
export function mailerFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  options: { outbox: string; siteUrl: URL; logLinks: boolean; log?: (line: string) => void },
): Mailer {
  const from = env.SMTP_FROM ?? `newsletter@${options.siteUrl.hostname}`
  if (env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, from)
  return new OutboxMailer(options.outbox, from, { logLinks: options.logLinks, log: options.log })
}
