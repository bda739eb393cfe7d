import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

import { useToasts } from '@/components/ui/toasts/store'
import { wordsFor } from '@/lib/ui-words'

import { confirm, failureText, unsubscribe } from './api'

/** The links the newsletter's emails carry, handled on whichever page they open. */
const handled = new Set<string>()

/**
 * The newsletter's email links, on any page (SPEC points 4 and 8): with both `email`
 * and `confirmation` in the query the signup is confirmed; with `unsubscribe` the
 * subscription ends. A toast says how it went, and the parameters leave the URL (the
 * entry is replaced, so Back does not run the link again). Each link runs once, even
 * if the page renders twice.
 */
export function useNewsletterLinks() {
  const location = useLocation()
  const navigate = useNavigate()
  const addToast = useToasts((s) => s.add)

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const email = params.get('email')
    const confirmation = params.get('confirmation')
    const token = params.get('unsubscribe')
    const confirming = Boolean(email && confirmation)
    if (!confirming && !token) return
    const key = `${location.key}${location.search}`
    if (handled.has(key)) return
    handled.add(key)

    const rest = new URLSearchParams(params)
    for (const name of confirming ? ['email', 'confirmation'] : ['unsubscribe']) rest.delete(name)
    const search = rest.toString()
    const clean = () => navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true })

    // In the words of the page the link opened.
    const say = wordsFor(location.pathname)
    const done = confirming
      ? confirm({ email: email ?? '', confirmation: confirmation ?? '' }).then(
          () => addToast({ title: say('subscriptionConfirmed'), description: say('subscriptionConfirmedDescription'), color: 'success' }),
          (error: Error) => addToast({ title: say('subscriptionFailed'), description: failureText(error, location.pathname, say), color: 'error' }),
        )
      : unsubscribe({ token: token ?? '' }).then(
          () => addToast({ title: say('unsubscribed'), description: say('unsubscribedDescription'), color: 'success' }),
          (error: Error) => addToast({ title: say('unsubscribeFailed'), description: failureText(error, location.pathname, say), color: 'error' }),
        )
    void done.finally(clean)
  }, [location, navigate, addToast])
}
