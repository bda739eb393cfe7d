import type { ReactNode } from 'react'

export type BadgeColor = 'primary' | 'info' | 'neutral' | 'warning' | 'important' | 'error'

/** A short label: a category, a version, "Official". Colour from the tokens, light and dark. */
export function Badge({ color = 'primary', variant = 'soft', children, className }: { color?: BadgeColor; variant?: 'soft' | 'outline'; children: ReactNode; className?: string }) {
  return (
    <span className={['badge', variant === 'outline' ? 'badge-outline' : '', className ?? ''].filter(Boolean).join(' ')} data-color={color === 'primary' ? undefined : color}>
      {children}
    </span>
  )
}
