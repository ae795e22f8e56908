import { useState } from 'react'

type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T]

/** The props that tie a text field to one string value of a form: its name, value and onChange. */
export const textBinding =
  <T>(values: T, change: (patch: Partial<T>) => void) =>
  (key: TextKey<T>) => ({
    name: String(key),
    value: values[key] as string,
    onChange: (event: { target: { value: string } }) =>
      change({ [key]: event.target.value } as Partial<T>),
  })

/**
 * A form's values and the values it started from, so that whether anything was changed (and
 * would be lost on leaving) is derived, never kept by hand. `reset` starts afresh from saved
 * values, for a form that stays open after a save.
 */
export function useFormValues<T extends object>(initial: T | (() => T)) {
  const [original, setOriginal] = useState(initial)
  const [values, setValues] = useState(original)
  const change = (patch: Partial<T>) => setValues((current) => ({ ...current, ...patch }))
  return {
    values,
    change,
    text: textBinding(values, change),
    changed: JSON.stringify(values) !== JSON.stringify(original),
    reset(next: T) {
      setOriginal(next)
      setValues(next)
    },
  }
}
