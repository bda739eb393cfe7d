import { useEffect, useRef, useState } from 'react'

import { LOADING_HEIGHT, LoadingBar as Machine, type LoadingState } from './machine'

/** The top loading bar, 3 px, driven by `loading` (a page change in progress) and `failed`. */
export function LoadingBar({ loading, failed = false }: { loading: boolean; failed?: boolean }) {
  const [state, setState] = useState<LoadingState>({ phase: 'idle', progress: 0, visible: false })
  const machine = useRef<Machine | undefined>(undefined)
  machine.current ??= new Machine(setState)

  useEffect(() => {
    if (failed) machine.current?.error()
    else if (loading) machine.current?.start()
    else machine.current?.finish()
  }, [loading, failed])

  return (
    <div
      role="progressbar"
      className="loading-bar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      aria-hidden={!state.visible}
      data-phase={state.phase}
      style={{ position: 'fixed', top: 0, left: 0, height: LOADING_HEIGHT, width: `${state.progress}%`, opacity: state.visible ? 1 : 0, zIndex: 1000 }}
    />
  )
}
