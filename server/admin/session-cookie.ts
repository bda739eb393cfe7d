import type { Client } from '@libsql/client'
import type { Context } from 'hono'
import { deleteCookie, getCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'

import { brandKey } from '../../src/contract/brand-key'
import type { SiteConfig } from '../../src/contract/site-schema'
import { secureCookies } from '../security/request'
import type { ServerSettings } from '../security/settings'
import { listedAdmin } from './admins'
import { createSession, endSession, endSessionsOf, findSession, SESSION_MAX_AGE_MS, type SessionUser, type StoredSession } from './sessions'

/** The admin session cookie's name: `<brand key>-session` (`fjord-session`). */
export const sessionCookie = (config: Pick<SiteConfig, 'brand'>) => `${brandKey(config.brand)}-session`

/** A request's session that passed every check. */
export interface ActiveSession extends StoredSession {
  /** The id the cookie carries (the database has only its hash). */
  id: string
}

/**
 * What a request's cookie amounts to: a session, or none (no cookie, a bad signature,
 * an old-format cookie, a session ended or timed out), or `not-admin` for a session
 * whose login was taken off `auth.admins` (ended by this check).
 */
export type SessionCheck = { session: ActiveSession; refused?: undefined } | { session?: undefined; refused?: 'not-admin' }

export interface AdminSessions {
  /** Starts a session for `user` and sets its cookie. */
  start(c: Context, user: SessionUser): Promise<void>
  /** Checks the request's cookie against the database; a cookie that fails is cleared. */
  check(c: Context): Promise<SessionCheck>
  /** Ends the request's session on the server, if it has one, and clears the cookie. */
  end(c: Context): Promise<void>
  /** Ends every session of `login`, this request's included, and clears the cookie; how many ended. */
  endEverywhere(c: Context, login: string): Promise<number>
}

export interface AdminSessionsOptions {
  config: Pick<SiteConfig, 'auth' | 'brand'>
  settings: ServerSettings
  /** Signs the cookie. */
  key: string
  /** The server database (opened and migrated). */
  db: () => Promise<Client>
  now: () => number
}

/**
 * Admin sessions kept by the server (server/admin/sessions.ts): the cookie carries a
 * random id, signed, HttpOnly, SameSite=Lax, Secure under https, for at most
 * SESSION_MAX_AGE_MS. Every request's session is looked up: ended, timed out or of a
 * login no longer in `auth.admins`, it is refused, so signing out (here or everywhere)
 * takes effect at once, for a copied cookie too.
 */
export function adminSessions({ config, settings, key, db, now }: AdminSessionsOptions): AdminSessions {
  const cookie = sessionCookie(config)
  const clear = (c: Context) => deleteCookie(c, cookie, { path: '/', secure: secureCookies(c, settings) })
  const cookieId = async (c: Context) => {
    const value = await getSignedCookie(c, key, cookie)
    return typeof value === 'string' ? value : undefined
  }

  return {
    async start(c, user) {
      const id = await createSession(await db(), user, now())
      await setSignedCookie(c, cookie, id, key, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: secureCookies(c, settings),
        maxAge: SESSION_MAX_AGE_MS / 1000,
      })
    },

    async check(c) {
      // A guest sends no cookie: no database read.
      if (getCookie(c, cookie) === undefined) return {}
      const id = await cookieId(c)
      const database = await db()
      const stored = id === undefined ? undefined : await findSession(database, id, now())
      if (id === undefined || !stored) {
        clear(c)
        return {}
      }
      if (!listedAdmin(config, stored.user.login)) {
        await endSession(database, id, now(), 'not-admin')
        clear(c)
        return { refused: 'not-admin' }
      }
      return { session: { id, ...stored } }
    },

    async end(c) {
      const id = await cookieId(c)
      if (id !== undefined) await endSession(await db(), id, now(), 'signed-out')
      clear(c)
    },

    async endEverywhere(c, login) {
      const ended = await endSessionsOf(await db(), login, now(), 'signed-out-everywhere')
      clear(c)
      return ended
    },
  }
}
