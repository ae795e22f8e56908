// Where a night's backup went, in words (issue 45): apart from backups.ts, whose calendar the
// System page does not need to carry.

/** Its file in the folder, and its key in the bucket when it was copied there. */
export function backupPlaces(run: {
  folder: string
  file: string | null
  bucket: string | null
  s3Key: string | null
}): string[] {
  return [
    run.file ? `${run.folder.replace(/\/$/, '')}/${run.file}` : '',
    run.bucket && run.s3Key ? `s3://${run.bucket}/${run.s3Key}` : '',
  ].filter(Boolean)
}
