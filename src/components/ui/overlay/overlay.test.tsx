// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { DRAWER_CLOSE_THRESHOLD, DRAWER_VELOCITY_THRESHOLD, Modal, MODAL_DURATION_MS, shouldDrawerClose } from './dialog'
import { OverlayProvider } from './overlay-provider'
import { closeOverlay, createOverlay, isOverlayOpen, openOverlay, type OverlayProps, resetOverlays, useOverlays } from './store'

afterEach(() => {
  cleanup()
  resetOverlays()
  vi.useRealTimers()
})

function Confirm({ open, onClose, onAfterLeave, question }: OverlayProps & { question: string }) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose(false)} title="Confirm" showTitle onAfterLeave={onAfterLeave}>
      <p>{question}</p>
      <button type="button" onClick={() => onClose(true)}>
        Continue
      </button>
    </Modal>
  )
}

describe('overlays', () => {
  it('go from created to open to closed to unmounted, resolving open() with the closing value', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const confirm = createOverlay(Confirm, { props: { question: 'Delete it?' }, destroyOnClose: true })
    render(<OverlayProvider />)
    expect(screen.queryByRole('dialog')).toBeNull()

    let answer: unknown
    act(() => void confirm.open().then((value) => (answer = value)))
    expect(await screen.findByText('Delete it?')).toBeTruthy()
    expect(confirm.isOpen()).toBe(true)

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Continue' }))
    expect(confirm.isOpen()).toBe(false)
    await vi.waitFor(() => expect(answer).toBe(true))
    // Unmounted after the 200 ms animation, then forgotten (destroyOnClose).
    await act(async () => void vi.advanceTimersByTime(MODAL_DURATION_MS + 10))
    expect(screen.queryByText('Delete it?')).toBeNull()
    expect(useOverlays.getState().overlays).toHaveLength(0)
    expect(() => confirm.open()).toThrow('Overlay not found')
  })

  it('throws "Overlay not found" for ids it does not know', () => {
    expect(() => openOverlay('nope')).toThrow('Overlay not found')
    expect(() => closeOverlay('nope')).toThrow('Overlay not found')
    expect(() => isOverlayOpen('nope')).toThrow('Overlay not found')
  })

  it('patches props and closes with Escape and the Close button when dismissible', async () => {
    const confirm = createOverlay(Confirm, { props: { question: 'First?' } })
    render(<OverlayProvider />)
    act(() => void confirm.open())
    expect(await screen.findByText('First?')).toBeTruthy()
    act(() => confirm.patch({ question: 'Second?' }))
    expect(screen.getByText('Second?')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(confirm.isOpen()).toBe(false)
  })
})

describe('drawer drag', () => {
  it('closes past a quarter of its height or faster than 0.4 px/ms, and not otherwise', () => {
    expect(DRAWER_CLOSE_THRESHOLD).toBe(0.25)
    expect(DRAWER_VELOCITY_THRESHOLD).toBe(0.4)
    expect(shouldDrawerClose(101, 400, 0.1)).toBe(true)
    expect(shouldDrawerClose(99, 400, 0.1)).toBe(false)
    expect(shouldDrawerClose(40, 400, 0.5)).toBe(true)
    expect(shouldDrawerClose(-50, 400, 2)).toBe(false)
  })
})
