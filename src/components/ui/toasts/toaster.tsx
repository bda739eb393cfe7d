import { useEffect } from 'react'

import { type Say, useWords } from '@/lib/ui-words'

import { type Toast, useToasts } from './store'

function ToastItem({ toast, say }: { toast: Toast; say: Say }) {
  const remove = useToasts((s) => s.remove)
  useEffect(() => {
    if (!toast.open || !toast.duration) return
    const timer = setTimeout(() => remove(toast.id), toast.duration)
    return () => clearTimeout(timer)
  }, [toast.id, toast.open, toast.duration, remove])
  return (
    <li role="status" className="toast" data-state={toast.open ? 'open' : 'closed'} data-color={toast.color ?? 'primary'}>
      {toast.icon}
      <p>
        <strong>{toast.title}</strong>
        {toast.description ? <span> {toast.description}</span> : null}
      </p>
      {toast.actions?.map((action) => (
        <button
          key={action.label}
          type="button"
          className="button button-outline"
          onClick={() => {
            action.onClick()
            remove(toast.id)
          }}
        >
          {action.label}
        </button>
      ))}
      {toast.close ? (
        <button type="button" className="icon-button" aria-label={say('close')} onClick={() => remove(toast.id)}>
          ×
        </button>
      ) : null}
    </li>
  )
}

/** The toast region: announced politely to screen readers, newest first. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts)
  // Its own words in the page's language; the toasts bring theirs.
  const say = useWords()
  return (
    <ol aria-live="polite" aria-label={say('notifications')} className="toaster">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} say={say} />
      ))}
    </ol>
  )
}
