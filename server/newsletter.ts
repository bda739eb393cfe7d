import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

interface Subscriber {
  email: string
  confirmation: string
  confirmed: boolean
  createdAt: string
  confirmedAt?: string
}

/**
 * Newsletter subscribers for the built-in product API: a JSON file in the data
 * folder, written atomically and one change at a time. Signing up creates a pending
 * subscriber with a confirmation code; the confirmation email is written to the
 * outbox folder (and its link logged), where a real deployment hands it to its mailer.
 */
export class NewsletterStore {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly dir: string,
    private readonly siteUrl: string,
    private readonly log: (line: string) => void = console.log,
  ) {}

  subscribe(email: string): Promise<{ pending: boolean }> {
    return this.change(async (list) => {
      const address = email.trim().toLowerCase()
      const existing = list.find((s) => s.email === address)
      if (existing?.confirmed) return { pending: false }
      const subscriber = existing ?? { email: address, confirmation: randomBytes(16).toString('hex'), confirmed: false, createdAt: new Date().toISOString() }
      if (!existing) list.push(subscriber)
      await this.sendConfirmation(subscriber)
      return { pending: true }
    })
  }

  confirm(email: string, confirmation: string): Promise<boolean> {
    return this.change(async (list) => {
      const subscriber = list.find((s) => s.email === email.trim().toLowerCase())
      if (!subscriber || subscriber.confirmation !== confirmation) return false
      if (!subscriber.confirmed) {
        subscriber.confirmed = true
        subscriber.confirmedAt = new Date().toISOString()
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
    const link = `${this.siteUrl.replace(/\/$/, '')}/newsletter?email=${encodeURIComponent(subscriber.email)}&confirmation=${subscriber.confirmation}`
    const outbox = join(this.dir, 'outbox')
    await mkdir(outbox, { recursive: true })
    await writeFile(
      join(outbox, `${Date.now()}-${subscriber.confirmation.slice(0, 8)}.eml`),
      `To: ${subscriber.email}\nSubject: Confirm your subscription\n\nConfirm your subscription to the newsletter:\n${link}\n`,
    )
    this.log(`newsletter: confirmation for ${subscriber.email}: ${link}`)
  }
}
