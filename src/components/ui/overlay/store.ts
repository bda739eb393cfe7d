import type { ComponentType } from 'react'
import { create } from 'zustand'

/** What an overlay component receives besides its own props. */
export interface OverlayProps {
  open: boolean
  /** Closes the overlay; the value resolves the promise `open()` returned. */
  onClose: (value?: unknown) => void
  /** Called by the component when its closing animation has finished. */
  onAfterLeave: () => void
}

type AnyProps = Record<string, unknown>

interface OverlayEntry {
  id: string
  component: ComponentType<AnyProps & OverlayProps>
  props: AnyProps
  /** created → open ⇄ closed → unmounted (SPEC point 4). */
  open: boolean
  mounted: boolean
  destroyOnClose: boolean
  resolve: ((value: unknown) => void) | undefined
}

interface OverlayState {
  overlays: OverlayEntry[]
}

export const useOverlays = create<OverlayState>()(() => ({ overlays: [] }))

let counter = 0

function find(id: string): OverlayEntry {
  const entry = useOverlays.getState().overlays.find((o) => o.id === id)
  if (!entry) throw new Error('Overlay not found')
  return entry
}

function update(id: string, change: Partial<OverlayEntry>) {
  find(id)
  useOverlays.setState((s) => ({ overlays: s.overlays.map((o) => (o.id === id ? { ...o, ...change } : o)) }))
}

/** Opens an overlay; resolves with the value it is closed with. */
export function openOverlay(id: string, props?: AnyProps): Promise<unknown> {
  const entry = find(id)
  return new Promise((resolve) => {
    update(id, { open: true, mounted: true, props: props ? { ...entry.props, ...props } : entry.props, resolve })
  })
}

export function closeOverlay(id: string, value?: unknown) {
  const entry = find(id)
  entry.resolve?.(value)
  update(id, { open: false, resolve: undefined })
}

/** After the closing animation: unmounts the component, and forgets the overlay if it was made to be destroyed. */
export function unmountOverlay(id: string) {
  const entry = find(id)
  if (entry.open) return
  if (entry.destroyOnClose) useOverlays.setState((s) => ({ overlays: s.overlays.filter((o) => o.id !== id) }))
  else update(id, { mounted: false })
}

export function patchOverlay(id: string, props: AnyProps) {
  const entry = find(id)
  update(id, { props: { ...entry.props, ...props } })
}

export function isOverlayOpen(id: string): boolean {
  return find(id).open
}

export interface OverlayHandle<P extends AnyProps> {
  id: string
  open(props?: Partial<P>): Promise<unknown>
  close(value?: unknown): void
  patch(props: Partial<P>): void
  isOpen(): boolean
}

/**
 * Registers an overlay component (a modal, slide-over or drawer) to be opened from
 * anywhere, e.g. `const confirm = createOverlay(ConfirmModal); await confirm.open()`.
 * The OverlayProvider renders it. Lookups of an overlay that is gone throw
 * 'Overlay not found'.
 */
export function createOverlay<P extends AnyProps>(
  component: ComponentType<P & OverlayProps>,
  options: { props?: P; defaultOpen?: boolean; destroyOnClose?: boolean } = {},
): OverlayHandle<P> {
  const id = `overlay-${++counter}`
  const entry: OverlayEntry = {
    id,
    component: component as ComponentType<AnyProps & OverlayProps>,
    props: options.props ?? {},
    open: Boolean(options.defaultOpen),
    mounted: Boolean(options.defaultOpen),
    destroyOnClose: Boolean(options.destroyOnClose),
    resolve: undefined,
  }
  useOverlays.setState((s) => ({ overlays: [...s.overlays, entry] }))
  return {
    id,
    open: (props) => openOverlay(id, props),
    close: (value) => closeOverlay(id, value),
    patch: (props) => patchOverlay(id, props),
    isOpen: () => isOverlayOpen(id),
  }
}

/** Forgets every overlay (tests). */
export function resetOverlays() {
  useOverlays.setState({ overlays: [] })
}
