import { createHash, randomBytes } from 'node:crypto'

import type { Client } from '@libsql/client'

/** A one-time sign-in link works this long after it is made. */
export const SIGN_IN_LINK_TTL_MS = 10 * 60_000

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A one-time sign-in token for `login` (`npm run admin:link`), valid for
 * SIGN_IN_LINK_TTL_MS; the database keeps only its hash.
 */
export async function createSignInToken(db: Client, login: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.batch(
    [
      // Spent and expired links are not kept.
      { sql: 'DELETE FROM sign_in_links WHERE expires_at <= ? OR used_at IS NOT NULL', args: [now] },
      { sql: 'INSERT INTO sign_in_links (token_hash, login, created_at, expires_at) VALUES (?, ?, ?, ?)', args: [hash(token), login, now, now + SIGN_IN_LINK_TTL_MS] },
    ],
    'write',
  )
  return token
}

/** The login a token was made for, once: undefined when it is unknown, used or expired. */
export async function redeemSignInToken(db: Client, token: string, now = Date.now()): Promise<string | undefined> {
  const { rows } = await db.execute({
    sql: 'UPDATE sign_in_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING login',
    args: [now, hash(token), now],
  })
  return rows[0] ? String(rows[0].login) : undefined
}
