import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { useToasts } from '../ui/toasts/store'
import { apiUrl } from '../../config/site'
import { apiErrorMessage, EMAIL_PATTERN, FORM_VALIDATE_DELAY_MS, validateForm, type FormSchema } from '../../lib/forms'

interface NewsletterState {
  email: string
}

export const INVALID_EMAIL = 'Please enter a valid email'
const GENERIC_FAILURE = 'Something went wrong. Please try again later.'

const schema: FormSchema<NewsletterState> = ({ email }) => (typeof email === 'string' && EMAIL_PATTERN.test(email.trim()) ? [] : [{ name: 'email', message: INVALID_EMAIL }])

/**
 * The newsletter signup (SPEC points 4, 5 and 8): validated 300 ms after typing, on
 * blur and on change, fully on submit; 'Subscribing' while the request runs; a toast
 * for the outcome; the field is cleared after success.
 */
export function NewsletterForm({ heading = 'Subscribe to our newsletter', description }: { heading?: string; description?: string }) {
  const [state, setState] = useState<NewsletterState>({ email: '' })
  const [error, setError] = useState<string | undefined>(undefined)
  const [submitting, setSubmitting] = useState(false)
  const addToast = useToasts((s) => s.add)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const id = useId()

  useEffect(() => () => clearTimeout(timer.current), [])

  const validate = (next: NewsletterState) => {
    const errors = validateForm(schema, next)
    setError(errors.find((e) => e.name === 'email')?.message)
    return errors.length === 0
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    clearTimeout(timer.current)
    if (!validate(state) || submitting) return
    setSubmitting(true)
    try {
      const res = await fetch(apiUrl('/newsletter/subscribe'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: state.email.trim() }),
      })
      if (!res.ok) throw new Error(apiErrorMessage(await res.json().catch(() => undefined), GENERIC_FAILURE))
      addToast({ title: 'Subscription pending', description: 'Please check your emails to confirm your subscription.', color: 'success' })
      setState({ email: '' })
      setError(undefined)
    } catch (failure) {
      addToast({ title: 'Subscription failed', description: failure instanceof Error && failure.message !== 'Failed to fetch' ? failure.message : GENERIC_FAILURE, color: 'error' })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form className="newsletter-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {description ? <p className="muted">{description}</p> : null}
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <div className="field-row">
          <input
            id={`${id}-email`}
            className="input"
            name="email"
            type="email"
            required
            autoComplete="off"
            placeholder="you@example.com"
            value={state.email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              const next = { email: event.target.value }
              setState(next)
              clearTimeout(timer.current)
              timer.current = setTimeout(() => validate(next), FORM_VALIDATE_DELAY_MS)
            }}
            onBlur={() => {
              clearTimeout(timer.current)
              if (state.email) validate(state)
            }}
          />
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? 'Subscribing' : 'Subscribe'}
          </button>
        </div>
        {/* Always there, so a message coming or going never moves the button under a click. */}
        <p id={`${id}-error`} className="field-error" aria-live="polite">
          {error}
        </p>
      </div>
    </form>
  )
}
