import { shortDateTime } from '#shared/domain/dates'

// How the log's serialized text is shown. Entries written by older versions (or by hand) may
// hold anything, so nothing here throws: unreadable JSON is shown as it is.

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** Property/value rows of a logged value or error; nested objects become JSON text. */
export function loggedRows(text: string): Array<[string, string]> {
  const parsed = parse(text)
  if (Array.isArray(parsed)) return parsed.map((item, index) => [String(index), show(item)])
  if (parsed !== null && typeof parsed === 'object') {
    return Object.entries(parsed).map(([key, item]) => [key, show(item)])
  }
  return [['value', show(parsed)]]
}

/** True when the entry recorded an error: the spec stores the text 'null' when there was none. */
export const hasError = (error: string) => error.trim() !== 'null' && error.trim() !== ''

/** The error's message for the table, or its text when it has none. */
export function errorSummary(error: string): string {
  const parsed = parse(error)
  if (parsed !== null && typeof parsed === 'object' && 'message' in parsed) {
    return show((parsed as { message: unknown }).message)
  }
  return show(parsed)
}

/** The entry's moment, to the second; a stamp that is no time is shown as it is. */
export const formatTimeStamp = (timeStamp: string) => shortDateTime(timeStamp, { seconds: true })
