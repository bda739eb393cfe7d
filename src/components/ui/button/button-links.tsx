import { Button, type ButtonSize, type ButtonVariant } from './button'

export interface ButtonLink {
  label: string
  to: string
  icon?: string | undefined
  variant?: ButtonVariant
}

/** A row of calls to action: the first solid, the rest outlined (unless a link says otherwise). */
export function ButtonLinks({ links, size = 'lg', className }: { links: readonly ButtonLink[]; size?: ButtonSize; className: string }) {
  if (!links.length) return null
  return (
    <div className={className}>
      {links.map((link, i) => (
        <Button key={link.to} to={link.to} variant={link.variant ?? (i === 0 ? 'solid' : 'outline')} size={size} icon={link.icon}>
          {link.label}
        </Button>
      ))}
    </div>
  )
}
