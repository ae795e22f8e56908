// Spec section 5: "Text is empty when blank after trimming".
export function isBlank(text: string | null | undefined): boolean {
  return text == null || text.trim() === ''
}

// Spec section 9: dates are ISO strings cut to yyyy-mm-dd, so the day is the UTC day.
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** A count and its noun, singular or plural: "1 plot", "2 plots", "1,200 plots". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`
}

/** Items as a sentence lists them: "15", "15 and 16", "3, 12a and 15". */
export function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
