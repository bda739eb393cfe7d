import { join } from 'node:path'

import type { Client } from '@libsql/client'

import { SharedRateLimiter } from '../security/rate-limit'
import { isLoopback } from '../security/settings'
import { addressReportLines, checkStoredAddresses } from './address-check'
import { openCounterDatabase, openDatabase } from './database'
import { GroupCommit } from './group-commit'
import { type Mailer, mailerFromEnv } from './mailer'
import { MailQueue, type QueueOptions } from './queue'
import { NewsletterStore } from './store'

export { CODE_TTL_MS, RESEND_AFTER_MS } from './store'
export { OutboxMailer, type Mail, type Mailer } from './mailer'

export interface NewsletterOptions {
  /** The data folder: the database file, the outbox, a subscribers file of an earlier version. */
  dataDir: string
  /** FJORD_DATABASE_URL / _AUTH_TOKEN (a remote database), SMTP_URL / SMTP_FROM (the mailer). */
  env?: Readonly<Record<string, string | undefined>>
  /** The site's public URL (links in emails) and its name (their subject). */
  site: { url: URL; brand: string }
  log?: (line: string) => void
  now?: () => number
  /** Another mailer than the environment's (tests). */
  mailer?: Mailer
  queue?: QueueOptions
}

export interface Newsletter {
  db: Client
  store: NewsletterStore
  queue: MailQueue
  mailer: Mailer
  /** The API's rate limits, counted in this database by every server on it. */
  rateLimits: SharedRateLimiter
  close(): Promise<void>
}

/**
 * The newsletter's server side: the database (migrated, its stored addresses checked
 * against the address rules), the subscribers in it (those of the old JSON file
 * imported once), the mailer and the mail queue, started.
 */
export async function openNewsletter({ dataDir, env = process.env, site, log = console.log, now = Date.now, mailer, queue: queueOptions }: NewsletterOptions): Promise<Newsletter> {
  const db = await openDatabase({ dataDir, env })
  const store = new NewsletterStore(db, site, now)
  let imported: Awaited<ReturnType<NewsletterStore['importLegacyFile']>>
  let counters: Client | undefined
  try {
    counters = await openCounterDatabase({ dataDir, env })
    // Stored addresses against the address rules, once per version of them.
    const checked = await checkStoredAddresses(db, now())
    if (checked) for (const line of addressReportLines(checked)) log(line)
    imported = await store.importLegacyFile(join(dataDir, 'newsletter.json'))
  } catch (error) {
    counters?.close()
    db.close()
    throw error
  }
  if (imported.imported) log(`newsletter: imported ${imported.imported} subscribers from ${join(dataDir, 'newsletter.json')}`)
  for (const line of addressReportLines({ flagged: imported.flagged, normalised: [] }, 'imported')) log(line)
  const sender = mailer ?? mailerFromEnv(env, { outbox: join(dataDir, 'outbox'), siteUrl: site.url, logLinks: isLoopback(site.url.hostname), log })
  const queue = new MailQueue(db, sender, (kind, id) => store.mailFor(kind, id), { now, log, ...queueOptions })
  queue.start()
  return {
    db,
    store,
    queue,
    mailer: sender,
    rateLimits: new SharedRateLimiter(new GroupCommit(counters ?? db), now),
    close: async () => {
      await queue.stop()
      counters?.close()
      db.close()
    },
  }
}
