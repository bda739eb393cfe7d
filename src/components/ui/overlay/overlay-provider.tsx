import { closeOverlay, unmountOverlay, useOverlays } from './store'

/** Renders every mounted overlay created with createOverlay. */
export function OverlayProvider() {
  const overlays = useOverlays((s) => s.overlays)
  return (
    <>
      {overlays
        .filter((o) => o.mounted)
        .map(({ id, component: Component, props, open }) => (
          <Component key={id} {...props} open={open} onClose={(value) => closeOverlay(id, value)} onAfterLeave={() => unmountOverlay(id)} />
        ))}
    </>
  )
}
