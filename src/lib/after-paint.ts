import { startTransition, useEffect, useState } from 'react'

/**
 * Runs `task` once the browser has painted the next frame: a timer set in the frame's
 * animation callback fires after that frame's paint. Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(task)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * `value`, one painted frame late: after a change it returns the previous value until the
 * page has painted, then the new one, in a transition (interruptible). What depends on it
 * waits behind the first paint of what does not: like `useDeferredValue`, which renders
 * the deferred work right after the urgent commit, before the browser paints it.
 */
export function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value)
  useEffect(() => {
    if (Object.is(painted, value)) return
    return afterNextPaint(() => startTransition(() => setPainted(value)))
  }, [value, painted])
  return painted
}
