import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

interface Subscriber {
  email: string
  confirmation: string
  confirmed: boolean
  createdAt: string
  confirmedAt?: string
  /** When the last confirmation email went out. */
  sentAt?: string
}

/** A pending address signed up again within this time gets no new email (no inbox flooding). */
export const RESEND_AFTER_MS = 10 * 60_000

/**
 * Newsletter subscribers for the built-in product API: a JSON file in the data
 * folder, written atomically and one change at a time. Signing up creates a pending
 * subscriber with a confirmation code; the confirmation email is written to the
 * outbox folder, where a real deployment hands it to its mailer. The log names the
 * outbox file, never the link: the code in it is a secret.
 */
export class NewsletterStore {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly dir: string,
    /** The site's public origin, which confirmation links point at. */
    private readonly siteUrl: string,
    private readonly log: (line: string) => void = console.log,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe(email: string): Promise<{ pending: boolean }> {
    return this.change(async (list) => {
      const address = email.trim().toLowerCase()
      const existing = list.find((s) => s.email === address)
      if (existing?.confirmed) return { pending: false }
      const subscriber = existing ?? { email: address, confirmation: randomBytes(16).toString('hex'), confirmed: false, createdAt: new Date(this.now()).toISOString() }
      if (!existing) list.push(subscriber)
      // The answer is the same either way: it must not tell whether an email went out.
      if (!subscriber.sentAt || this.now() - Date.parse(subscriber.sentAt) >= RESEND_AFTER_MS) await this.sendConfirmation(subscriber)
      return { pending: true }
    })
  }

  confirm(email: string, confirmation: string): Promise<boolean> {
    return this.change(async (list) => {
      const subscriber = list.find((s) => s.email === email.trim().toLowerCase())
      if (!subscriber || subscriber.confirmation !== confirmation) return false
      if (!subscriber.confirmed) {
        subscriber.confirmed = true
        subscriber.confirmedAt = new Date(this.now()).toISOString()
      }
      return true
    })
  }

  private change<T>(fn: (list: Subscriber[]) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const list = await this.read()
      const result = await fn(list)
      await mkdir(this.dir, { recursive: true })
      const file = join(this.dir, 'newsletter.json')
      await writeFile(`${file}.tmp`, JSON.stringify(list, null, 2))
      await rename(`${file}.tmp`, file)
      return result
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async read(): Promise<Subscriber[]> {
    try {
      const list: unknown = JSON.parse(await readFile(join(this.dir, 'newsletter.json'), 'utf8'))
      return Array.isArray(list) ? (list as Subscriber[]) : []
    } catch {
      return []
    }
  }

  private async sendConfirmation(subscriber: Subscriber) {
    const link = new URL('/newsletter', this.siteUrl)
    link.search = new URLSearchParams({ email: subscriber.email, confirmation: subscriber.confirmation }).toString()
    const outbox = join(this.dir, 'outbox')
    await mkdir(outbox, { recursive: true })
    const file = join(outbox, `${this.now()}-${randomBytes(4).toString('hex')}.eml`)
    await writeFile(file, `To: ${subscriber.email}\nSubject: Confirm your subscription\n\nConfirm your subscription to the newsletter:\n${link.href}\n`)
    subscriber.sentAt = new Date(this.now()).toISOString()
    this.log(`newsletter: confirmation email written to ${file}`)
  }
}
