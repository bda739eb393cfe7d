import { create } from 'zustand'

interface PaletteState {
  open: boolean
  setOpen(open: boolean): void
  toggle(): void
}

/** The search palette's open state: the header button, meta+K and the palette itself share it. */
export const usePalette = create<PaletteState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set((s) => ({ open: !s.open })),
}))

/** Closes the palette (tests). */
export function resetPalette() {
  usePalette.setState({ open: false })
}
