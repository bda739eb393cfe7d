/** SPEC point 9: throttle 200 ms, duration 2000, hide after 500 ms, reset after 400 ms, 3 px. */
export const LOADING_THROTTLE = 200
export const LOADING_DURATION = 2000
export const LOADING_HIDE_DELAY = 500
export const LOADING_RESET_DELAY = 400
export const LOADING_HEIGHT = 3

export type LoadingPhase = 'idle' | 'loading' | 'finishing' | 'error'

export interface LoadingState {
  phase: LoadingPhase
  /** 0–100. */
  progress: number
  visible: boolean
}

/**
 * The top loading bar. A page change that ends within the throttle never shows it;
 * a longer one creeps towards 100% over the duration; finishing fills it, hides it
 * after 500 ms and resets it 400 ms later. A page error turns it to the error state.
 */
export class LoadingBar {
  private state: LoadingState = { phase: 'idle', progress: 0, visible: false }
  private timers: ReturnType<typeof setTimeout>[] = []
  private ticker: ReturnType<typeof setInterval> | undefined

  constructor(private readonly onChange: (state: LoadingState) => void) {}

  get current(): LoadingState {
    return this.state
  }

  start() {
    if (this.state.phase === 'loading') return
    this.reset()
    this.later(() => {
      this.set({ phase: 'loading', progress: 0, visible: true })
      const step = 100 / (LOADING_DURATION / 100)
      this.ticker = setInterval(() => {
        // Creeps ever slower towards, never to, 100% while the page is still loading.
        this.set({ ...this.state, progress: Math.min(this.state.progress + step * (1 - this.state.progress / 100), 99) })
      }, 100)
    }, LOADING_THROTTLE)
  }

  finish() {
    const wasShown = this.state.visible
    this.reset()
    if (!wasShown) return this.set({ phase: 'idle', progress: 0, visible: false })
    this.set({ phase: 'finishing', progress: 100, visible: true })
    this.later(() => {
      this.set({ ...this.state, visible: false })
      this.later(() => this.set({ phase: 'idle', progress: 0, visible: false }), LOADING_RESET_DELAY)
    }, LOADING_HIDE_DELAY)
  }

  error() {
    this.reset()
    this.set({ phase: 'error', progress: 100, visible: true })
    this.later(() => this.set({ ...this.state, visible: false }), LOADING_HIDE_DELAY)
  }

  private reset() {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers = []
    clearInterval(this.ticker)
  }

  private later(fn: () => void, ms: number) {
    this.timers.push(setTimeout(fn, ms))
  }

  private set(state: LoadingState) {
    this.state = state
    this.onChange(state)
  }
}
