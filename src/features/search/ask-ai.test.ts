// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ASK_AI_POLL_MS, ASK_AI_POLL_TIMES, openAskAi } from './ask-ai'

const scripts = () => document.querySelectorAll('script[data-ask-ai]')

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  Reflect.deleteProperty(window, 'Kapa')
  for (const script of scripts()) script.remove()
})

describe('Ask AI', () => {
  it('adds the widget script when asked, waits for the widget, and opens it with the question submitted', async () => {
    expect(scripts()).toHaveLength(0)
    const open = vi.fn()
    const asked = openAskAi('  how do guards work ')
    expect(scripts()).toHaveLength(1)
    expect(scripts()[0]?.getAttribute('src')).toBe('https://ask.fjord.dev/widget.js')
    // The widget defines itself a little later, as a third-party script does.
    setTimeout(() => Reflect.set(window, 'Kapa', { open }), 35)
    await vi.advanceTimersByTimeAsync(50)
    await expect(asked).resolves.toBe(true)
    expect(open).toHaveBeenCalledWith({ query: 'how do guards work', submit: true })
    // Asking again uses the loaded widget: no second script.
    await openAskAi()
    expect(scripts()).toHaveLength(1)
    expect(open).toHaveBeenLastCalledWith({})
  })

  it('gives up after 200 checks 10 ms apart with a console message only, and tries afresh next time', async () => {
    vi.resetModules()
    const { openAskAi: ask } = await import('./ask-ai')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const asked = ask('anything')
    await vi.advanceTimersByTimeAsync(ASK_AI_POLL_MS * (ASK_AI_POLL_TIMES - 2))
    expect(warn).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(ASK_AI_POLL_MS * 2)
    await expect(asked).resolves.toBe(false)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/The Ask AI widget did not load: https:\/\/ask\.fjord\.dev\/widget\.js defined no window\.Kapa after 200 checks, 10 ms apart\./)
    expect(scripts()).toHaveLength(0)
    void ask('again')
    expect(scripts()).toHaveLength(1)
  })
})
