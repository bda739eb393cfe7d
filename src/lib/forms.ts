/** SPEC point 9: a field is validated 300 ms after the last keystroke. */
export const FORM_VALIDATE_DELAY_MS = 300

export interface FormError {
  /** The field the message shows under. */
  name: string
  message: string
}

/** A schema is a function from the form state to its errors (none when valid). */
export type FormSchema<T> = (state: T) => FormError[]

/** Runs a form schema; anything that is not one is a programming error. */
export function validateForm<T>(schema: unknown, state: T): FormError[] {
  if (typeof schema !== 'function') throw new Error('Form validation failed: Unsupported form schema')
  const errors: unknown = schema(state)
  if (!Array.isArray(errors)) throw new Error('Form validation failed: Unsupported form schema')
  return errors as FormError[]
}

/**
 * The message of a failed product API call: the first `{message}` of a JSON list
 * held in the error body's `message`, else `fallback`.
 */
export function apiErrorMessage(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') return fallback
  try {
    const list: unknown = JSON.parse(body.message)
    const first: unknown = Array.isArray(list) ? list[0] : undefined
    return typeof first === 'object' && first !== null && 'message' in first && typeof first.message === 'string' ? first.message : fallback
  } catch {
    return fallback
  }
}
