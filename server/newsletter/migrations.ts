/**
 * The server database's schema, one migration per change, never edited once released:
 * a change is a new migration with the next version. `migrate` applies the ones a
 * database has not seen, in order.
 */
export interface Migration {
  version: number
  name: string
  statements: string[]
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'newsletter subscribers and mail queue',
    statements: [
      // email: trimmed, its domain lower-cased; unique whatever the case (NOCASE).
      // code_hash: SHA-256 of the confirmation code (the code itself is only in the email).
      `CREATE TABLE subscribers (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed')),
        code_hash TEXT,
        code_expires_at INTEGER,
        created_at INTEGER NOT NULL,
        confirmed_at INTEGER,
        unsubscribe_token TEXT NOT NULL UNIQUE,
        last_sent_at INTEGER
      )`,
      // One row per email to send; written in the same transaction as the change that
      // asks for it, so an acknowledged signup always gets its email, even across a crash.
      `CREATE TABLE mail_queue (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        subscriber_id INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        locked_until INTEGER,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        sent_at INTEGER,
        failed_at INTEGER
      )`,
      'CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL',
    ],
  },
  {
    version: 2,
    name: 'one-time admin sign-in links and subscriber listing',
    statements: [
      // `npm run admin:link -- <login>`: only the token's SHA-256 is kept; used once.
      `CREATE TABLE sign_in_links (
        token_hash TEXT PRIMARY KEY,
        login TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      )`,
      // The admin's subscriber list: newest first, optionally by status.
      'CREATE INDEX subscribers_created ON subscribers (created_at, id)',
      'CREATE INDEX subscribers_status_created ON subscribers (status, created_at, id)',
    ],
  },
  {
    version: 3,
    name: 'admin sessions kept by the server',
    statements: [
      // One row per admin sign-in (server/admin/sessions.ts). The cookie holds a random
      // id; only its SHA-256 is kept, so a copy of the database signs no one in.
      // ended_at is set by sign-out, sign-out everywhere, a timeout or a login taken
      // off auth.admins; a session with it is refused for good.
      `CREATE TABLE admin_sessions (
        id_hash TEXT PRIMARY KEY,
        login TEXT NOT NULL COLLATE NOCASE,
        name TEXT NOT NULL,
        avatar TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        ended_at INTEGER,
        end_reason TEXT
      )`,
      // Sign out everywhere: the open sessions of one login.
      'CREATE INDEX admin_sessions_open_login ON admin_sessions (login) WHERE ended_at IS NULL',
    ],
  },
  {
    version: 4,
    name: 'subscriber address problems',
    statements: [
      // Why a stored address fails the address rules (src/contract/email-address.ts), as the
      // rule's code, or 'duplicate' when another subscriber has its normalised form;
      // NULL when it is fine. A flagged subscriber is sent nothing and is shown to the
      // admin, who decides (server/newsletter/address-check.ts sets it).
      'ALTER TABLE subscribers ADD COLUMN address_problem TEXT',
      'CREATE INDEX subscribers_address_problem ON subscribers (id) WHERE address_problem IS NOT NULL',
      // Checks of stored data that run in code after the migrations, each recorded with
      // the version of its rules, so it runs again only when those rules change.
      `CREATE TABLE data_checks (
        name TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        checked_at INTEGER NOT NULL
      )`,
    ],
  },
  {
    version: 5,
    name: 'rate limits shared by every server',
    statements: [
      // One fixed window per endpoint group and client address (server/security/rate-limit.ts),
      // counted by every server on this database, so two servers behind a load balancer
      // allow one quota between them, not one each. Rows past expires_at are pruned.
      `CREATE TABLE rate_limits (
        bucket TEXT NOT NULL,
        client TEXT NOT NULL,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (bucket, client)
      ) WITHOUT ROWID`,
      'CREATE INDEX rate_limits_expires ON rate_limits (expires_at)',
    ],
  },
]
