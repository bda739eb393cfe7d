import type { ReactNode } from 'react'
import { create } from 'zustand'

/** SPEC point 9: at most 5 toasts, 5 s each, 200 ms from closing to removal. */
export const TOAST_LIMIT = 5
export const TOAST_DURATION = 5000
export const TOAST_REMOVE_DELAY = 200

export interface ToastAction {
  label: string
  onClick: () => void
}

export interface Toast {
  id: string
  open: boolean
  title: string
  description?: string
  color?: 'primary' | 'success' | 'warning' | 'error' | 'info' | 'neutral'
  icon?: ReactNode
  actions?: ToastAction[]
  /** Whether the reader can close it (a close button). */
  close?: boolean
  /** Milliseconds on screen; 0 keeps it until closed. */
  duration?: number
}

interface ToastState {
  toasts: Toast[]
  add(toast: Omit<Toast, 'id' | 'open'> & { id?: string }): string
  remove(id: string): void
  clear(): void
}

let counter = 0

/**
 * The toast queue: newest first, at most TOAST_LIMIT kept (older ones drop off).
 * Removing closes a toast first (so it can animate out) and deletes it 200 ms later.
 */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  add(toast) {
    const id = toast.id ?? `toast-${++counter}`
    set({ toasts: [{ close: true, duration: TOAST_DURATION, ...toast, id, open: true }, ...get().toasts.filter((t) => t.id !== id)].slice(0, TOAST_LIMIT) })
    return id
  },
  remove(id) {
    set({ toasts: get().toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) })
    setTimeout(() => set({ toasts: get().toasts.filter((t) => t.id !== id) }), TOAST_REMOVE_DELAY)
  },
  clear() {
    set({ toasts: [] })
  },
}))
