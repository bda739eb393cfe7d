import { create } from 'zustand'

interface PaletteState {
  open: boolean
  /** Whether it was ever opened: its code is only mounted from then on. */
  used: boolean
  setOpen(open: boolean): void
  toggle(): void
}

/** The search palette's open state: the header button, meta+K and the palette itself share it. */
export const usePalette = create<PaletteState>()((set) => ({
  open: false,
  used: false,
  setOpen: (open) => set(open ? { open, used: true } : { open }),
  toggle: () => set((s) => ({ open: !s.open, used: true })),
}))

/** Closes and forgets the palette (tests). */
export function resetPalette() {
  usePalette.setState({ open: false, used: false })
}
