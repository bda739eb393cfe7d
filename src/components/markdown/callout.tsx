import type { ReactNode } from 'react'

import { calloutTypes } from '@/contract/content/mdc-components'
import type { UiString } from '@/contract/ui-strings'
import { useWords } from '@/lib/ui-words'

import { Icon } from '../ui/icon'
import { SmartLink } from './smart-link'

/*
 * Callouts: GitHub alerts, `::note` … `::caution`, `::callout` and Nuxt UI's prose names
 * for them, one design. A kind names the callout; a colour (`color`, Nuxt UI's, or
 * `type`, Nuxt Content v2's) may repaint it.
 */

/** The tones the CSS paints (markdown.css: `.callout-<tone>`). */
type Tone = 'note' | 'tip' | 'important' | 'warning' | 'caution' | 'primary' | 'neutral'

/** Nuxt UI's colours, and our kinds by name, as tones. */
const tones: Readonly<Record<string, Tone>> = {
  primary: 'primary',
  secondary: 'note',
  info: 'note',
  success: 'tip',
  warning: 'warning',
  error: 'caution',
  neutral: 'neutral',
  note: 'note',
  tip: 'tip',
  important: 'important',
  caution: 'caution',
  danger: 'caution',
}

// Each kind's name is a word of the interface, in the page's language (site.config `locales[].ui`).
const titles: Readonly<Record<string, UiString>> = { note: 'calloutNote', tip: 'calloutTip', important: 'calloutImportant', warning: 'calloutWarning', caution: 'calloutCaution' }

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined
}

interface CalloutProps {
  children?: ReactNode
  color?: unknown
  type?: unknown
  icon?: unknown
  title?: unknown
  to?: unknown
}

/**
 * A callout of a kind (`note` … `caution`), or `callout`, which has none: Nuxt UI's
 * plain callout is neutral unless coloured, and is named by its colour's kind.
 */
export function Callout({ kind, children, color, type, icon, title, to }: CalloutProps & { kind: string }) {
  const paint = text(color) ?? (kind === 'callout' ? text(type) : undefined)
  const tone = (paint && tones[paint]) || tones[kind] || 'neutral'
  // A title of the author's (VitePress `::: warning Heads up`) replaces the kind's name.
  const say = useWords()
  const label = text(title) ?? say(titles[kind] ?? titles[tone] ?? 'calloutNote')
  const iconName = text(icon)
  const target = text(to)
  const heading = (
    <>
      {iconName ? <Icon name={iconName} className="callout-icon" /> : null}
      {label}
    </>
  )
  return (
    <div className={`callout callout-${tone}${target ? ' callout-linked' : ''}`} role="note" aria-label={label}>
      {target ? (
        // The whole callout answers the click (markdown.css stretches the link); links inside stay above it.
        <p className="callout-title">
          <SmartLink to={target} className="callout-link">
            {heading}
            <span aria-hidden="true"> →</span>
          </SmartLink>
        </p>
      ) : (
        <p className="callout-title" aria-hidden="true">
          {heading}
        </p>
      )}
      <div className="callout-body">{children}</div>
    </div>
  )
}

/** The callout components of the map, by name. */
export const callouts: Readonly<Record<string, (props: CalloutProps) => ReactNode>> = Object.fromEntries(
  [...calloutTypes, 'callout'].map((kind) => [kind, (props: CalloutProps) => <Callout kind={kind} {...props} />]),
)
