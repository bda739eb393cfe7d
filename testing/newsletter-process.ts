import type { ChildProcess } from 'node:child_process'

import { spawnServer } from './spawn-server'

export interface NewsletterProcess {
  child: ChildProcess
  /** `http://127.0.0.1:<port>` */
  url: string
  /** The public origin the API expects in `Origin`. */
  origin: string
}

/**
 * The product API alone (`newsletter-server.ts`, rate limits lifted) in a process of
 * its own on a free loopback port, storing in `dataDir`: what the durability test
 * kills and the newsletter benchmark loads.
 */
export async function startNewsletterServer(dataDir: string): Promise<NewsletterProcess> {
  const { child, line } = await spawnServer('testing/newsletter-server.ts', [dataDir], (out) => (out.includes('\n') ? (out.split('\n')[0] ?? '') : undefined))
  const [, port, origin] = line.split(' ')
  return { child, url: `http://127.0.0.1:${port}`, origin: origin ?? '' }
}

/** `POST /api/newsletter/subscribe {email}` as the site's own page sends it. */
export const subscribe = (server: NewsletterProcess, email: string) =>
  fetch(`${server.url}/api/newsletter/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify({ email }) })
