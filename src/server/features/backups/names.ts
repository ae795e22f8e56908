// A night's backup is one file, named by its London day, in the folder and (with the prefix) in
// the bucket: only names of this shape are ever pruned, so other files beside them are safe.
const BACKUP_NAME = /^allotment-(\d{4}-\d{2}-\d{2})\.(sqlite|json)(\.enc)?$/

export const backupName = (day: string, extension: string, encrypted: boolean) =>
  `allotment-${day}.${extension}${encrypted ? '.enc' : ''}`

/** The day of a nightly backup's file name; undefined for any other name. */
export const dayOfBackup = (name: string) => BACKUP_NAME.exec(name)?.[1]
