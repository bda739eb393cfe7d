/**
 * A page's index.html carries the build's rendering of the page in `#prerendered`,
 * painted before any script runs. Whatever the app draws first replaces it, in a layout
 * effect (before the browser paints): the site's frame as it is first drawn, whose
 * routes' loaders have every piece of data and code by then, or the error page.
 *
 * A reader may have typed into the copy's fields meanwhile (the footer's newsletter
 * form, a filter): what they typed, and where the caret was, move to the same fields of
 * the app's page, matched by their place among the page's fields and checked to be the
 * same kind of field with the same name or label. Nothing typed is lost.
 */
export function removePrerendered() {
  const copy = document.getElementById('prerendered')
  if (!copy) return
  const root = document.getElementById('root')
  const before = fields(copy)
  const typed = before.filter(changed)
  const focused = before.find((field) => field === document.activeElement)
  copy.remove()
  if (!root || (typed.length === 0 && !focused)) return
  const after = fields(root)
  for (const field of typed) {
    const twin = twinOf(field, before, after)
    if (twin) carryValue(field, twin)
  }
  const twin = focused && twinOf(focused, before, after)
  if (twin) {
    twin.focus({ preventScroll: true })
    const caret = (field: Field) => (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field : undefined)
    const [from, to] = [caret(focused), caret(twin)]
    try {
      if (from && to) to.setSelectionRange(from.selectionStart, from.selectionEnd)
    } catch {
      // Fields without a caret (checkboxes, email inputs) have no selection to restore.
    }
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const fields = (root: HTMLElement) => [...root.querySelectorAll<Field>('input:not([type="hidden"]), textarea, select')]

function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected)
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked
  return field.value !== field.defaultValue
}

/** What makes two fields the same field of the page: its kind, name and label (ids differ between the build's render and the app's). */
const identity = (field: Field) =>
  [field.tagName, field instanceof HTMLInputElement ? field.type : '', field.name, field.getAttribute('aria-label') ?? '', field.getAttribute('placeholder') ?? ''].join('\u0000')

function twinOf(field: Field, before: Field[], after: Field[]): Field | undefined {
  const twin = after[before.indexOf(field)]
  return twin && identity(twin) === identity(field) ? twin : undefined
}

/** Sets the app's field as the reader left the copy's, through the setter React listens behind, and tells React. */
function carryValue(from: Field, to: Field) {
  if (from instanceof HTMLInputElement && to instanceof HTMLInputElement && (from.type === 'checkbox' || from.type === 'radio')) {
    if (to.checked !== from.checked) to.click()
    return
  }
  const prototype = Object.getPrototypeOf(to) as object
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(to, from.value)
  to.dispatchEvent(new Event(to instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
}
