import { type ReactNode, useId, useState } from 'react'

export interface TabItem {
  label: ReactNode
  content: ReactNode
}

/**
 * WAI-ARIA tabs: a tablist of buttons, one panel shown. Arrow keys move and select
 * (automatic activation), Home and End jump; only the selected tab is a Tab stop.
 * Code groups and `::tabs` in the docs are drawn with it too.
 */
export function Tabs({ items, label, defaultIndex = 0 }: { items: readonly TabItem[]; label: string; defaultIndex?: number }) {
  const [active, setActive] = useState(Math.min(defaultIndex, Math.max(0, items.length - 1)))
  const id = useId()
  const select = (index: number) => {
    const next = (index + items.length) % items.length
    setActive(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs-list">
        {items.map((item, i) => (
          <button
            key={i}
            id={`${id}-tab-${i}`}
            type="button"
            role="tab"
            aria-selected={i === active}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') select(active + 1)
              else if (event.key === 'ArrowLeft') select(active - 1)
              else if (event.key === 'Home') select(0)
              else if (event.key === 'End') select(items.length - 1)
              else return
              event.preventDefault()
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div key={i} id={`${id}-panel-${i}`} role="tabpanel" aria-labelledby={`${id}-tab-${i}`} hidden={i !== active} className="tabs-panel">
          {item.content}
        </div>
      ))}
    </div>
  )
}
