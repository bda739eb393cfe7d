import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react'

interface FieldProps {
  label: string
  /** Shown under the label; read with the control. */
  description?: string
  /** Shown under the control and announced; marks the control invalid. */
  error?: string | undefined
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean
  className?: string
}

function Field({ id, label, description, error, hideLabel, className, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      {description ? (
        <p id={`${id}-description`} className="field-description">
          {description}
        </p>
      ) : null}
      {children}
      {/* Always there, so a message coming or going never moves what is below. */}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  )
}

const describedBy = (id: string, description: string | undefined, error: string | undefined) =>
  [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** A text input with its label, description and error. */
export function Input({
  label,
  description,
  error,
  hideLabel,
  className,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId()
  return (
    <Field id={input.id ?? id} label={label} description={description} error={error} hideLabel={hideLabel} className={className}>
      <input id={input.id ?? id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(input.id ?? id, description, error)} {...input} />
    </Field>
  )
}

/** A native select with its label, description and error. */
export function Select({
  label,
  description,
  error,
  hideLabel,
  className,
  options,
  ...select
}: FieldProps & { options: readonly { value: string; label: string }[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId()
  return (
    <Field id={select.id ?? id} label={label} description={description} error={error} hideLabel={hideLabel} className={className}>
      <select id={select.id ?? id} className="input select" aria-invalid={error ? true : undefined} aria-describedby={describedBy(select.id ?? id, description, error)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  )
}
