import type { ReactNode, Ref } from 'react'

export interface GridLayout {
  /** Columns from 1024 px. */
  columns?: 1 | 2 | 3 | 4
  /** The space between items: `md` for cards, `sm` for tighter lists (people, quotes, tiers). */
  gap?: 'sm' | 'md'
  /** Where the grid leaves one column: two columns from 640 px (`sm`), or `columns` only from 1024 px (`lg`). */
  from?: 'sm' | 'lg'
}

/**
 * The page vocabulary's grid as class names, for a grid that is not a Grid list of
 * GridItems: items that are cards themselves (`<li className="ui-card">`), or a grid
 * inside a card.
 */
export function gridClass({ columns = 3, gap = 'md', from = 'sm', className }: GridLayout & { className?: string }): string {
  return ['ui-grid', `ui-grid-${columns}`, gap === 'sm' ? 'ui-grid-gap-sm' : '', from === 'lg' ? 'ui-grid-from-lg' : '', className ?? ''].filter(Boolean).join(' ')
}

/**
 * A responsive grid of cards: one column on phones, then two, then `columns` from
 * 1024 px. A list, so assistive technology announces how many items it has.
 */
export function Grid({
  columns = 3,
  gap,
  from,
  label,
  children,
  className,
  ref,
}: GridLayout & {
  label?: string
  children: ReactNode
  className?: string
  ref?: Ref<HTMLUListElement>
}) {
  return (
    <ul ref={ref} className={gridClass({ columns, gap, from, className })} aria-label={label}>
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
