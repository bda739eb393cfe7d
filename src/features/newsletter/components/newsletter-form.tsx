import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

import { useToasts } from '@/components/ui/toasts/store'
import { INVALID_EMAIL, subscribeRequestSchema } from '@/contract/api-schemas'
import { FORM_VALIDATE_DELAY_MS, type FormSchema, validateForm } from '@/lib/forms'
import { useWords } from '@/lib/ui-words'

import { failureText, subscribe } from '../api'

interface NewsletterState {
  email: string
}

// The same zod schema the server checks the request with.
const schema: FormSchema<NewsletterState> = (state) => {
  const parsed = subscribeRequestSchema.safeParse(state)
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ name: String(issue.path[0] ?? 'email'), message: issue.message }))
}

/**
 * The newsletter signup (SPEC points 4, 5 and 8): validated 300 ms after typing, on
 * blur and on change, fully on submit; 'Subscribing' while the request runs; a toast
 * for the outcome; the field is cleared after success. Its words, toasts included,
 * are in the page's language (site.config `locales[].ui`), SPEC's in the default one.
 */
export function NewsletterForm({ heading, description }: { heading?: string; description?: string }) {
  const say = useWords()
  const { pathname } = useLocation()
  const [state, setState] = useState<NewsletterState>({ email: '' })
  const [error, setError] = useState<string | undefined>(undefined)
  const addToast = useToasts((s) => s.add)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const id = useId()
  const mutation = useMutation({
    mutationFn: subscribe,
    onSuccess: () => {
      addToast({ title: say('subscriptionPending'), description: say('subscriptionPendingDescription'), color: 'success' })
      setState({ email: '' })
      setError(undefined)
    },
    onError: (failure) => addToast({ title: say('subscriptionFailed'), description: failureText(failure, pathname, say), color: 'error' }),
  })

  useEffect(() => () => clearTimeout(timer.current), [])

  const validate = (next: NewsletterState) => {
    const errors = validateForm(schema, next)
    setError(errors.find((e) => e.name === 'email')?.message)
    return errors.length === 0
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    clearTimeout(timer.current)
    if (!validate(state) || mutation.isPending) return
    // The normalised address (trimmed, an international domain in its ASCII form), as the server stores it.
    const request = subscribeRequestSchema.safeParse(state)
    if (request.success) mutation.mutate(request.data)
  }

  return (
    <form className="newsletter-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading ?? say('newsletterHeading')}</h2>
      {description ? <p className="muted">{description}</p> : null}
      <div className="field">
        <label htmlFor={`${id}-email`}>{say('email')}</label>
        <div className="field-row">
          <input
            id={`${id}-email`}
            className="input"
            name="email"
            type="email"
            required
            autoComplete="off"
            // SPEC's placeholder '{email}' is an interpolation (as '{path}' and '{title}'
            // are): a sample address, the same for every brand, written as the language writes one.
            placeholder={say('emailPlaceholder')}
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
          <button type="submit" className="button button-primary" disabled={mutation.isPending}>
            {mutation.isPending ? say('subscribing') : say('subscribe')}
          </button>
        </div>
        {/* Always there, so a message coming or going never moves the button under a click. */}
        <p id={`${id}-error`} className="field-error" aria-live="polite">
          {error === INVALID_EMAIL ? say('invalidEmail') : error}
        </p>
      </div>
    </form>
  )
}
