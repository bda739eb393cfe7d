import type { ButtonHTMLAttributes, ReactNode } from 'react'

import { isExternal } from '@/contract/links'

import { AppLink } from '../app-link'
import { Icon } from '../icon'

export type ButtonVariant = 'solid' | 'outline' | 'ghost' | 'soft'
export type ButtonSize = 'sm' | 'md' | 'lg'

interface Common {
  variant?: ButtonVariant
  size?: ButtonSize
  /** An `i-lucide-*` icon before the label. */
  icon?: string
  /** An icon after the label (an arrow for a call to action). */
  trailingIcon?: string
  block?: boolean
  className?: string
  children: ReactNode
}

type AsButton = Common & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'> & { to?: undefined }
type AsLink = Common & { to: string; target?: '_blank' | '_self'; onClick?: () => void }
export type ButtonProps = AsButton | AsLink

const VARIANT: Record<ButtonVariant, string> = { solid: 'button-primary', outline: 'button-outline', ghost: 'button-ghost', soft: 'button-soft' }
const SIZE: Record<ButtonSize, string> = { sm: 'button-small', md: '', lg: 'button-large' }

export function buttonClass({ variant = 'solid', size = 'md', block = false, className }: Pick<Common, 'variant' | 'size' | 'block' | 'className'>): string {
  return ['button', VARIANT[variant], SIZE[size], block ? 'button-block' : '', className ?? ''].filter(Boolean).join(' ')
}

/**
 * A button, or a link that looks like one (`to`): a site path is an `AppLink`, an
 * external URL opens in a new tab with `rel="noopener noreferrer"`. Keyboard focus
 * shows a ring; a disabled button says so to assistive technology.
 */
export function Button(props: ButtonProps) {
  const { variant, size, icon, trailingIcon, block, className, children } = props
  const classes = buttonClass({ variant, size, block, className })
  const content = (
    <>
      {icon ? <Icon name={icon} /> : null}
      {children}
      {trailingIcon ? <Icon name={trailingIcon} /> : null}
    </>
  )
  if (props.to !== undefined) {
    const { to, target, onClick } = props
    if (isExternal(to)) {
      return (
        // A web page opens in a new tab; an email or a phone number hands over to its app.
        <a href={to} className={classes} target={target ?? (/^https?:/.test(to) ? '_blank' : undefined)} rel="noopener noreferrer" onClick={onClick}>
          {content}
        </a>
      )
    }
    return (
      <AppLink to={to} className={classes} target={target} onClick={onClick}>
        {content}
      </AppLink>
    )
  }
  const { variant: _v, size: _s, icon: _i, trailingIcon: _t, block: _b, className: _c, children: _ch, to: _to, type = 'button', ...rest } = props
  return (
    <button type={type} className={classes} {...rest}>
      {content}
    </button>
  )
}
