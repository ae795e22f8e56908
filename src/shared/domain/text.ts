// Spec section 5: "Text is empty when blank after trimming".
export function isBlank(text: string | null | undefined): boolean {
  return text == null || text.trim() === ''
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

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']

/** A count as a sentence writes it: in words below ten ("four"), in figures from 10 ("12"). */
export function countInWords(count: number): string {
  return NUMBER_WORDS[count] ?? count.toLocaleString('en-GB')
}

/** The text with its first letter a capital, to start a sentence. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
