import { Hono } from 'hono'

export interface StandInUser {
  login: string
  name: string
}

/**
 * A local stand-in for an OAuth provider (GitHub's endpoints, shape for shape), so
 * the sign-in flow runs in tests with no network. `signInAs` picks who the next
 * authorization signs in; `deny` makes the provider refuse it.
 */
export function createOAuthStandIn(clientId: string, clientSecret: string) {
  const codes = new Map<string, StandInUser>()
  const tokens = new Map<string, StandInUser>()
  let next: StandInUser | 'deny' = { login: 'ingridsolberg', name: 'Ingrid Solberg' }
  let counter = 0
  const app = new Hono()

  // For tests in other processes: who the next authorization signs in.
  app.post('/__next', async (c) => {
    const body: unknown = await c.req.json()
    next = body === 'deny' ? 'deny' : (body as StandInUser)
    return c.json({ ok: true })
  })
  app.get('/authorize', (c) => {
    const redirect = new URL(c.req.query('redirect_uri') ?? '')
    if (c.req.query('client_id') !== clientId) return c.text('unknown client', 400)
    redirect.searchParams.set('state', c.req.query('state') ?? '')
    if (next === 'deny') {
      redirect.searchParams.set('error', 'access_denied')
      redirect.searchParams.set('error_description', 'The user has denied your application access.')
    } else {
      const code = `code-${++counter}`
      codes.set(code, next)
      redirect.searchParams.set('code', code)
    }
    return c.redirect(redirect.toString(), 302)
  })
  app.post('/token', async (c) => {
    const body: { client_id?: string; client_secret?: string; code?: string } = await c.req.json()
    const user = body.code ? codes.get(body.code) : undefined
    if (body.client_id !== clientId || body.client_secret !== clientSecret || !user || !body.code) return c.json({ error: 'bad_verification_code' }, 400)
    codes.delete(body.code)
    const token = `token-${++counter}`
    tokens.set(token, user)
    return c.json({ access_token: token, token_type: 'bearer' })
  })
  app.get('/user', (c) => {
    const user = tokens.get((c.req.header('Authorization') ?? '').replace(/^Bearer /, ''))
    return user ? c.json({ login: user.login, name: user.name, avatar_url: '' }) : c.json({ message: 'Bad credentials' }, 401)
  })

  return {
    app,
    signInAs(user: StandInUser | 'deny') {
      next = user
    },
  }
}
