import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { longDate } from '#shared/domain/dates'

interface FieldShellProps {
  label: string
  hint?: ReactNode
  /** Why what was typed here was refused: shown by the field, as well as above the form. */
  error?: string
  children: (id: string, described: FieldDescription) => ReactNode
}

interface FieldDescription {
  'aria-describedby': string | undefined
  'aria-invalid'?: true
}

// Every control has a visible label tied to it, so people and tests find it by its name.
function FieldShell({ label, hint, error, children }: FieldShellProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'field field--refused' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {children(id, {
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  hint?: ReactNode
  error?: string
}

export function TextField({ label, hint, error, ...input }: InputProps) {
  // A date only read is written out ("9 December 2026"): a date box shows the browser's own
  // order, which is the American one on many a phone.
  const shown =
    input.readOnly && input.type === 'date' && typeof input.value === 'string'
      ? { ...input, type: 'text', value: longDate(input.value) }
      : input
  return (
    <FieldShell label={label} hint={hint} error={error}>
      {(id, described) => <input id={id} {...described} {...shown} />}
    </FieldShell>
  )
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  hint?: ReactNode
  error?: string
}

export function TextAreaField({ label, hint, error, ...textarea }: TextAreaProps) {
  return (
    <FieldShell label={label} hint={hint} error={error}>
      {(id, described) => <textarea id={id} {...described} {...textarea} />}
    </FieldShell>
  )
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  hint?: ReactNode
  error?: string
  children: ReactNode
}

export function SelectField({ label, hint, error, children, ...select }: SelectProps) {
  return (
    <FieldShell label={label} hint={hint} error={error}>
      {(id, described) => (
        <select id={id} {...described} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  )
}

export function CheckboxField({ label, hint, ...input }: Omit<InputProps, 'error'>) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const box = (
    <label className="field field--checkbox" htmlFor={id}>
      <input id={id} type="checkbox" aria-describedby={hintId} {...input} />
      <span>{label}</span>
    </label>
  )
  if (!hint) return box
  return (
    <div className="field">
      {box}
      <p id={hintId} className="field__hint">
        {hint}
      </p>
    </div>
  )
}

/** One choice of several, under a legend; `children` come between the legend and the choices. */
export function RadioGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled,
  className,
  children,
}: {
  legend: ReactNode
  name: string
  options: ReadonlyArray<{ value: Value; label: string }>
  value: Value
  onChange: (value: Value) => void
  disabled?: boolean
  className?: string
  children?: ReactNode
}) {
  const id = useId()
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {children}
      {options.map((option) => (
        <label
          className="field field--checkbox"
          htmlFor={`${id}-${option.value}`}
          key={option.value}
        >
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}
