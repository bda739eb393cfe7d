import type { ReactNode, Ref } from 'react'

/**
 * A responsive grid of cards: one column on phones, then two, then `columns` from
 * 1024 px. A list, so assistive technology announces how many items it has.
 */
export function Grid({
  columns = 3,
  label,
  children,
  className,
  ref,
}: {
  columns?: 2 | 3 | 4
  label?: string
  children: ReactNode
  className?: string
  ref?: Ref<HTMLUListElement>
}) {
  return (
    <ul ref={ref} className={['ui-grid', `ui-grid-${columns}`, className ?? ''].filter(Boolean).join(' ')} aria-label={label}>
      {children}
    </ul>
  )
}

/** One cell of a Grid (`hidden`: kept in the page, out of view and of the accessibility tree). */
export function GridItem({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  return (
    <li className="ui-grid-item" hidden={hidden}>
      {children}
    </li>
  )
}
