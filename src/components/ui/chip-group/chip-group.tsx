import { type KeyboardEvent, useRef } from 'react'

export interface Chip {
  value: string
  label: string
  /** A count shown after the label (e.g. modules in a category). */
  count?: number
}

/**
 * A single-choice group of toggle chips (a filter: categories, sort keys). Each chip
 * is a toggle button with `aria-pressed`; arrow keys, Home and End move between them
 * (roving tab stop: the group is one Tab stop). Choosing the chosen chip again
 * clears the choice when `clearable` (SPEC: selecting the selected category clears it).
 */
export function ChipGroup({
  label,
  chips,
  value,
  onChange,
  clearable = true,
}: {
  label: string
  chips: readonly Chip[]
  value: string | undefined
  onChange: (value: string | undefined) => void
  clearable?: boolean
}) {
  const group = useRef<HTMLDivElement>(null)
  const focusable = Math.max(
    0,
    chips.findIndex((c) => c.value === value),
  )
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = chips.length - 1
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (index + 1) % chips.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (index - 1 + chips.length) % chips.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (next === undefined) return
    event.preventDefault()
    group.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }
  return (
    <div ref={group} role="group" aria-label={label} className="ui-chip-group">
      {chips.map((chip, i) => {
        const pressed = chip.value === value
        return (
          <button
            key={chip.value}
            type="button"
            className="ui-chip"
            aria-pressed={pressed}
            tabIndex={i === focusable ? 0 : -1}
            onClick={() => onChange(pressed && clearable ? undefined : chip.value)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {chip.count === undefined ? (
              chip.label
            ) : (
              <>
                {/* Seen as "UI 4" with the count set apart, read as "UI (4)". */}
                <span aria-hidden="true">
                  {chip.label}
                  <span className="ui-chip-count">{chip.count}</span>
                </span>
                <span className="sr-only">{`${chip.label} (${chip.count})`}</span>
              </>
            )}
          </button>
        )
      })}
    </div>
  )
}
