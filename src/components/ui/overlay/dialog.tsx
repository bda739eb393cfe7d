import { type CSSProperties, type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'

/** SPEC point 9: modal and slide-over animations take 200 ms; the drawer 0.5 s. */
export const MODAL_DURATION_MS = 200
export const DRAWER_DURATION_MS = 500
/** A drawer dragged past a quarter of its height, or flicked faster than 0.4 px/ms, closes. */
export const DRAWER_CLOSE_THRESHOLD = 0.25
export const DRAWER_VELOCITY_THRESHOLD = 0.4

export type Side = 'left' | 'right' | 'top' | 'bottom'

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** Shown to sighted readers too; without it the title is for screen readers only. */
  showTitle?: boolean
  description?: string
  /** Escape and a click outside close it (SPEC: dismissible by default). */
  dismissible?: boolean
  /** The close button's name, in the page's language. */
  closeLabel?: string
  onAfterLeave?: () => void
  children: ReactNode
  className?: string
}

function reducedMotion(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * The shared surface: a native modal <dialog>, so focus is trapped, the rest of the
 * page is inert and focus returns to the opener on close. `data-state` drives the
 * CSS animation; the element closes once it has played.
 */
function DialogSurface({
  open,
  onOpenChange,
  title,
  showTitle = false,
  description,
  dismissible = true,
  closeLabel = 'Close',
  onAfterLeave,
  children,
  className,
  duration,
  style,
  panelProps,
  bare = false,
}: DialogProps & { duration: number; style?: CSSProperties; panelProps?: { onPointerDown?: (e: PointerEvent<HTMLDivElement>) => void }; bare?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const [state, setState] = useState<'open' | 'closed'>('closed')
  // The content exists while open and while its closing animation plays, not before.
  const [present, setPresent] = useState(open)

  if (open && !present) setPresent(true)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open) {
      // The content is rendered by now, so the browser focuses its first control, or
      // the one marked data-autofocus (React does not write the autofocus attribute).
      if (!dialog.open) {
        dialog.showModal()
        dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
      }
      const frame = requestAnimationFrame(() => setState('open'))
      return () => cancelAnimationFrame(frame)
    }
    if (!dialog.open) return
    setState('closed')
    const timer = setTimeout(
      () => {
        dialog.close()
        setPresent(false)
        onAfterLeave?.()
      },
      reducedMotion() ? 0 : duration,
    )
    return () => clearTimeout(timer)
    // onAfterLeave is a callback prop: a new identity must not replay the animation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, duration])

  return (
    // A click on the dialog element itself is a click on its backdrop; Escape is handled by onCancel.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`overlay ${className ?? ''}`}
      data-state={state}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // The stylesheet's duration is the modal one; only others are set here (a style
      // attribute in prerendered HTML would need the CSP to allow inline styles).
      style={duration === MODAL_DURATION_MS ? style : { ...style, ['--overlay-duration' as string]: `${duration}ms` }}
      onCancel={(event) => {
        // Escape: the animation closes the element, not the browser.
        event.preventDefault()
        if (dismissible) onOpenChange(false)
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its panel.
        if (dismissible && event.target === event.currentTarget) onOpenChange(false)
      }}
    >
      {present && bare ? (
        <div className="overlay-panel">
          <h2 id={titleId} className="sr-only">
            {title}
          </h2>
          {children}
        </div>
      ) : present ? (
        <div className="overlay-panel" {...panelProps}>
          <div className="overlay-header">
            <h2 id={titleId} className={showTitle ? 'overlay-title' : 'sr-only'}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="overlay-description">
                {description}
              </p>
            ) : null}
            {dismissible ? (
              <button type="button" className="icon-button overlay-close" aria-label={closeLabel} onClick={() => onOpenChange(false)}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            ) : null}
          </div>
          <div className="overlay-body">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}

/** A centred modal dialog. */
export function Modal(props: DialogProps) {
  return <DialogSurface {...props} className={`overlay-modal ${props.className ?? ''}`} duration={MODAL_DURATION_MS} />
}

/**
 * A modal with no frame of its own (no visible title, no close button): the content
 * draws everything, the dialog keeps what a modal owes (focus kept inside and given
 * back, Escape, the backdrop, the page inert behind it). The search palette's.
 */
export function BareModal(props: Omit<DialogProps, 'showTitle' | 'description'>) {
  return <DialogSurface {...props} bare className={`overlay-modal overlay-bare ${props.className ?? ''}`} duration={MODAL_DURATION_MS} />
}

/** A panel sliding in from a side (right by default). */
export function SlideOver({ side = 'right', ...props }: DialogProps & { side?: Side }) {
  return <DialogSurface {...props} className={`overlay-slideover overlay-${side} ${props.className ?? ''}`} duration={MODAL_DURATION_MS} />
}

/** Whether a drag released after `distance` px of a `height` px drawer, at `velocity` px/ms, closes it. */
export function shouldDrawerClose(distance: number, height: number, velocity: number): boolean {
  if (distance <= 0) return false
  return distance / Math.max(height, 1) > DRAWER_CLOSE_THRESHOLD || velocity > DRAWER_VELOCITY_THRESHOLD
}

/** A sheet from the bottom that can be dragged down to close. */
export function Drawer(props: DialogProps) {
  const [offset, setOffset] = useState(0)
  const drag = useRef<{ y: number; t: number; height: number } | undefined>(undefined)
  const dismissible = props.dismissible ?? true

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!dismissible || !(event.target instanceof Element) || !event.target.closest('.drawer-handle')) return
    drag.current = { y: event.clientY, t: performance.now(), height: event.currentTarget.getBoundingClientRect().height }
    const panel = event.currentTarget
    panel.setPointerCapture(event.pointerId)
    const move = (e: globalThis.PointerEvent) => {
      if (drag.current) setOffset(Math.max(0, e.clientY - drag.current.y))
    }
    const up = (e: globalThis.PointerEvent) => {
      panel.removeEventListener('pointermove', move)
      panel.removeEventListener('pointerup', up)
      const start = drag.current
      drag.current = undefined
      if (!start) return
      const distance = e.clientY - start.y
      const velocity = distance / Math.max(performance.now() - start.t, 1)
      setOffset(0)
      if (shouldDrawerClose(distance, start.height, velocity)) props.onOpenChange(false)
    }
    panel.addEventListener('pointermove', move)
    panel.addEventListener('pointerup', up)
  }

  return (
    <DialogSurface
      {...props}
      className={`overlay-drawer ${offset ? 'is-dragging' : ''} ${props.className ?? ''}`}
      duration={DRAWER_DURATION_MS}
      style={offset ? { ['--drag-offset' as string]: `${offset}px` } : undefined}
      panelProps={{ onPointerDown }}
    >
      {dismissible ? <div className="drawer-handle" aria-hidden="true" /> : null}
      {props.children}
    </DialogSurface>
  )
}
