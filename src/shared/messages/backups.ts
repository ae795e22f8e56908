import { longDateAndTime } from '#shared/domain/dates'

// The nightly backup (issue 45, item 5): why a night's backup failed, as the System page shows
// it, and the e-mail that tells the administrators.

const when = (instant: string) => {
  const { date, time } = longDateAndTime(instant)
  return `${date} at ${time}`
}

export const backupMessages = {
  notWritten: (why: string) => `The backup could not be written: ${why}`,
  notCopied: (bucket: string, why: string) => `The copy to the S3 bucket ${bucket} failed: ${why}`,
  notPruned: (why: string) => `The backups older than those kept could not all be removed: ${why}`,
  failedSubject: (association: string) => `The nightly backup of ${association} failed`,
  failedText: ({
    association,
    startedAt,
    error,
    written,
    copied,
    nextAt,
  }: {
    association: string
    startedAt: string
    error: string
    /** The file written in the folder, when it was. */
    written: string | null
    /** The bucket and the copy's key there, when backups are copied to one. */
    copied: { bucket: string; key: string | null } | null
    /** When the next one is due; null when the nightly backup is now turned off. */
    nextAt: string | null
  }) =>
    [
      `The nightly backup of ${association} on ${when(startedAt)} (London time) failed:`,
      error,
      [
        written ? `Written to the folder: ${written}` : 'Not written to the folder.',
        copied &&
          (copied.key
            ? `Copied to the bucket ${copied.bucket}: ${copied.key}`
            : `Not copied to the bucket ${copied.bucket}.`),
      ]
        .filter(Boolean)
        .join('\n'),
      [
        nextAt && `The next backup will be taken on ${when(nextAt)}.`,
        "The System page shows each backup kept and the last one's outcome.",
      ]
        .filter(Boolean)
        .join(' '),
    ].join('\n\n') + '\n',
}
