// Spec section 5: "Text is empty when blank after trimming".
export function isBlank(text: string | null | undefined): boolean {
  return text == null || text.trim() === ''
}

// Spec section 9: dates are ISO strings cut to yyyy-mm-dd, so the day is the UTC day.
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}
