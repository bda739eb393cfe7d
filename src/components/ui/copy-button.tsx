import { useEffect, useRef, useState } from 'react'

import { useWords } from '@/lib/ui-words'

import { useToasts } from './toasts/store'

/**
 * Copies `text` (or what `getText` resolves to) to the clipboard. The button says
 * what it does to assistive technology, shows a tick for two seconds, and a failure
 * (no clipboard permission) becomes a toast rather than a silent nothing.
 */
export function CopyButton({
  text,
  getText,
  label,
  ariaLabel,
  className,
  children,
}: {
  text?: string
  getText?: () => Promise<string>
  label: string
  /** The accessible name when visible `children` alone would be ambiguous (it should start with their text). */
  ariaLabel?: string
  className?: string
  children?: React.ReactNode
}) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const addToast = useToasts((s) => s.add)
  // What it says of itself, in the page's language.
  const say = useWords()
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <button
      type="button"
      className={`copy-button ${className ?? ''}`}
      aria-label={ariaLabel ?? (children ? undefined : label)}
      title={label}
      data-copied={copied || undefined}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text ?? (getText ? await getText() : ''))
          setCopied(true)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setCopied(false), 2000)
        } catch {
          addToast({ title: say('copyFailed'), description: say('copyFailedDescription'), color: 'error' })
        }
      }}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {copied ? <path d="M20 6L9 17l-5-5" /> : <path d="M8 8h11v13H8zM5 16H4V3h11v1" />}
      </svg>
      {children}
      <span className="sr-only" aria-live="polite">
        {copied ? say('copied') : ''}
      </span>
    </button>
  )
}
