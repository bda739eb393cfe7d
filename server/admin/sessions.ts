import { createHash, randomBytes } from 'node:crypto'

import type { Client } from '@libsql/client'

/**
 * A session ends this long after its sign-in, however busy it has been. The cookie's
 * Max-Age says the same to the browser, but it is the server that enforces it: a
 * copied cookie replayed later is refused all the same.
 */
export const SESSION_MAX_AGE_MS = 7 * 24 * 3600_000

/** A session also ends after this long without a request (the tab left open overnight, a lost laptop). */
export const SESSION_IDLE_TIMEOUT_MS = 24 * 3600_000

/**
 * `last_seen_at` is written at most this often per session, not on every request: the
 * idle timeout is therefore exact to within this interval.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000

/** Why a session ended (kept in `end_reason`, for whoever looks at the database). */
export type SessionEndReason = 'signed-out' | 'signed-out-everywhere' | 'max-age' | 'idle' | 'not-admin'

/** The signed-in user, as the provider (or a sign-in link) describes them. */
export interface SessionUser {
  login: string
  name: string
  avatar: string
}

/** A session the database holds and that has not ended. */
export interface StoredSession {
  user: SessionUser
  createdAt: number
  lastSeenAt: number
}

/** A session id: 32 random bytes, base64url. Anything else (an old `{user, loggedInAt}` cookie) is no session. */
const SESSION_ID = /^[\w-]{43}$/

const hash = (id: string) => createHash('sha256').update(id).digest('hex')

/**
 * Starts a session for `user` and returns its id, which only the cookie holds: the
 * database keeps its SHA-256, as it does for sign-in links.
 */
export async function createSession(db: Client, user: SessionUser, now: number): Promise<string> {
  const id = randomBytes(32).toString('base64url')
  await db.batch(
    [
      // Past their maximum age, sessions can never be used again: they are not kept.
      { sql: 'DELETE FROM admin_sessions WHERE created_at <= ?', args: [now - SESSION_MAX_AGE_MS] },
      {
        sql: 'INSERT INTO admin_sessions (id_hash, login, name, avatar, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
        args: [hash(id), user.login, user.name, user.avatar, now, now],
      },
    ],
    'write',
  )
  return id
}

/**
 * The session with this id, if it exists, has not ended and is within its maximum age
 * and idle timeout; one past either is ended here. Marks it seen (at most once per
 * SESSION_TOUCH_INTERVAL_MS). Whether its login is still an administrator is the
 * caller's check.
 */
export async function findSession(db: Client, id: string, now: number): Promise<StoredSession | undefined> {
  if (!SESSION_ID.test(id)) return undefined
  const idHash = hash(id)
  const { rows } = await db.execute({
    sql: 'SELECT login, name, avatar, created_at, last_seen_at FROM admin_sessions WHERE id_hash = ? AND ended_at IS NULL',
    args: [idHash],
  })
  const row = rows[0]
  if (!row) return undefined
  const createdAt = Number(row.created_at)
  const lastSeenAt = Number(row.last_seen_at)
  const timedOut = now - createdAt >= SESSION_MAX_AGE_MS ? 'max-age' : now - lastSeenAt >= SESSION_IDLE_TIMEOUT_MS ? 'idle' : undefined
  if (timedOut) {
    await endSession(db, id, now, timedOut)
    return undefined
  }
  let seen = lastSeenAt
  if (now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
    // Of concurrent requests, the first one to get here writes; the others match nothing.
    await db.execute({
      sql: 'UPDATE admin_sessions SET last_seen_at = ? WHERE id_hash = ? AND ended_at IS NULL AND last_seen_at <= ?',
      args: [now, idHash, now - SESSION_TOUCH_INTERVAL_MS],
    })
    seen = now
  }
  return { user: { login: String(row.login), name: String(row.name), avatar: String(row.avatar) }, createdAt, lastSeenAt: seen }
}

/** Ends one session for good; false when it had already ended (or never existed). */
export async function endSession(db: Client, id: string, now: number, reason: SessionEndReason): Promise<boolean> {
  if (!SESSION_ID.test(id)) return false
  const { rowsAffected } = await db.execute({ sql: 'UPDATE admin_sessions SET ended_at = ?, end_reason = ? WHERE id_hash = ? AND ended_at IS NULL', args: [now, reason, hash(id)] })
  return rowsAffected > 0
}

/** Ends every open session of `login` (compared without case, as `auth.admins` is); how many there were. */
export async function endSessionsOf(db: Client, login: string, now: number, reason: SessionEndReason): Promise<number> {
  const { rowsAffected } = await db.execute({ sql: 'UPDATE admin_sessions SET ended_at = ?, end_reason = ? WHERE login = ? AND ended_at IS NULL', args: [now, reason, login] })
  return rowsAffected
}
