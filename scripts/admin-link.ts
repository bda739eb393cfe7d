import { join, resolve } from 'node:path'

import { listedAdmin } from '../server/admin/admins'
import { createSignInToken, SIGN_IN_LINK_TTL_MS } from '../server/admin/sign-in-links'
import { openDatabase } from '../server/newsletter/database'
import { serverSettings } from '../server/security/settings'
import config from '../site.config'

/**
 * `npm run admin:link -- <login>`: a one-time sign-in link for an administrator, for a
 * fresh install with no OAuth app. The login must be listed in `auth.admins`; the link
 * works once, for 10 minutes, on the server that shares this data folder (or the
 * remote database of FJORD_DATABASE_URL).
 */
async function main() {
  const login = process.argv.slice(2).find((arg) => !arg.startsWith('-'))
  if (!login) {
    console.error('usage: npm run admin:link -- <login>   (one of auth.admins in site.config.ts)')
    process.exit(2)
  }
  const admin = listedAdmin(config, login)
  if (!admin) {
    console.error(`"${login}" is not listed in auth.admins in site.config.ts (${config.auth.admins.join(', ') || 'none yet'}): add it there first.`)
    process.exit(1)
  }
  const root = resolve(import.meta.dirname, '..')
  const dataDir = process.env.FJORD_DATA_DIR ?? join(root, '.data')
  const db = await openDatabase({ dataDir })
  try {
    const token = await createSignInToken(db, admin)
    const settings = serverSettings(config, process.env, `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3000}`)
    const link = new URL(`${config.api.baseUrl.replace(/\/$/, '')}/_auth/link`, settings.publicUrl)
    link.searchParams.set('token', token)
    console.log(`Sign in as ${admin} (once, within ${SIGN_IN_LINK_TTL_MS / 60_000} minutes):\n\n  ${link.href}\n`)
  } finally {
    db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
