/** Runs `task` when the browser is idle (or soon, where it cannot say), within `timeout` ms at most. */
export function whenIdle(task: () => void, timeout?: number): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, timeout === undefined ? undefined : { timeout })
  else window.setTimeout(task, 1)
}
