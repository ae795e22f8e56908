// The activity log: its API and the log entry screen.

export const logMessages = {
  // The API's answer for a log entry id that is not there.
  logEntryMissing: 'That log entry does not exist.',
  // The log entry screen, when the address names no entry (not found, or not an id at all).
  noLogEntry: (id: string) => `There is no log entry ${id}.`,
} as const
