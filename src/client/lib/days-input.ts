import { commonMessages } from '#shared/messages/common'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'

// Numbers as a settings form reads them from what was typed, so that zod stays off the screens;
// the server checks them again with the schema.

/** A whole number as typed (up to six digits), or NaN. */
export const wholeNumber = (text: string) =>
  /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN

export const wrongInput = (field: string, kind: string) =>
  refuse(commonMessages.inputWrongType(field, kind))

/** A whole number of `unit` from `min` to `max` (a period in the settings). */
export function wholeInput(
  text: string,
  field: string,
  { min, max, unit }: { min: number; max: number; unit: string },
): Outcome<number> {
  const value = wholeNumber(text)
  return value >= min && value <= max
    ? ok(value)
    : wrongInput(field, `a whole number of ${unit}, from ${min} to ${max}`)
}

/** A number of days, as settings give them: 1 to 365. */
export const daysInput = (text: string, field: string) =>
  wholeInput(text, field, { min: 1, max: 365, unit: 'days' })
