/**
 * A docs page's index.html carries the build's rendering of the page in
 * `#prerendered`, painted before any script runs. Whatever the app draws first (the
 * same page, or an error) replaces it, in a layout effect: before the browser paints.
 */
export function removePrerendered() {
  document.getElementById('prerendered')?.remove()
}
