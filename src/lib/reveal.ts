/**
 * Scrolls a panel (not the page) so its element matching `selector` is in view, a
 * third of the way down, when it is out of view: the sidebar's current page in a long
 * tree, the table of contents' current heading on a long page. Nothing happens when
 * the panel does not scroll or has no such element.
 */
export function revealWithin(panel: HTMLElement | null | undefined, selector: string) {
  const element = panel?.querySelector(selector)
  if (!panel || !element || panel.scrollHeight <= panel.clientHeight) return
  const box = panel.getBoundingClientRect()
  const at = element.getBoundingClientRect()
  if (at.top >= box.top && at.bottom <= box.bottom) return
  panel.scrollTop += at.top - box.top - box.height / 3
}
