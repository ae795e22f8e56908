// Merge fields in a letter or e-mail: `{firstName}` in a template becomes the person's first
// name. A template is checked before anything is sent, and an unknown field is refused by name,
// so that no member ever reads "Dear {frstName}".

import { inWords } from '#shared/domain/text'

/** The fields every message can use; a feature's messages may add their own (rent, offers). */
export const BASE_MERGE_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'fullName',
  'dearName',
  'plots',
  'amountDue',
  'reference',
  'place',
  'associationName',
  'associationAddress',
  // A notice of a rent rise (decision 62): their plots' rent before and after, and from when.
  'oldRent',
  'newRent',
  'rentFrom',
] as const

export type MergeValues = Record<string, string>

/**
 * `{plots}`: the person's plots as a sentence names them, "plot 15" or "plots 15 and 16", so that
 * "As the tenant of {plots}" reads right (it read "As the tenant of 15"); empty without a plot.
 */
export function plotsField(plots: readonly string[]): string {
  if (plots.length === 0) return ''
  return `${plots.length === 1 ? 'plot' : 'plots'} ${inWords(plots)}`
}

/**
 * `{place}`: where the person is on the waiting list as a sentence numbers it, "4 of 23", so that
 * "You are number {place} on the list" reads right; empty off the list.
 */
export function placeField(place: { position: number; total: number } | null): string {
  return place ? `${place.position} of ${place.total}` : ''
}

// A field is a name in single braces; anything else with braces is text.
const FIELD = /\{([A-Za-z][A-Za-z0-9]*)\}/g
// A field with the pound sign a writer naturally puts before an amount ("£{amountDue}").
const FIELD_AFTER_POUND = /(£?)\{([A-Za-z][A-Za-z0-9]*)\}/g
// A money field's value already carries its sign (penceText: "£10.00", "−£4.50").
const MONEY = /^−?£/

/** The distinct field names a text uses, in order of first use. */
export function fieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((match) => match[1]!))]
}

/** The fields of `texts` that are not in `known`, each once. */
export function unknownFields(texts: readonly string[], known: readonly string[]): string[] {
  const allowed = new Set(known)
  return [...new Set(texts.flatMap(fieldsIn))].filter((field) => !allowed.has(field))
}

/**
 * The text with each field replaced by its value; an absent value leaves the field as it was. A
 * money value prints its £ once: "£{amountDue}" reads "£10.00", not "££10.00".
 */
export function fillFields(text: string, values: MergeValues): string {
  return text.replace(FIELD_AFTER_POUND, (whole, pound: string, name: string) => {
    const value = values[name]
    if (value === undefined) return whole
    return MONEY.test(value) ? value : pound + value
  })
}
