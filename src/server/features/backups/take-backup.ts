import fs from 'node:fs'
import path from 'node:path'
import { backupDaysKept } from '#shared/domain/backups'
import { backupMessages } from '#shared/messages/backups'
import type { BackupRun } from '#shared/schemas/backups'
import type { BackupSettings } from '#server/core/config'
import { encryptFile, readPassphrase } from '#server/core/backups/encryption'
import { s3Store, type S3Store } from '#server/core/backups/s3'
import { backupExtension, writeBackup } from '#server/core/backups/write-backup'
import type { Backups } from '#server/features/backups/context'
import { backupName, dayOfBackup } from '#server/features/backups/names'

// A night's backup, step by step: the consistent copy (decision 7), encrypted when a passphrase
// is set, into the folder; copied to the bucket when one is named; then the backups past those
// kept pruned from both. A step that fails ends the night there, with its reason: an older
// backup is never pruned on a night whose own did not reach every place it should.

export interface NightsWork {
  run: BackupRun
  /** The days whose backups were pruned. */
  pruned: string[]
}

export async function takeBackup(backups: Backups, day: string): Promise<NightsWork> {
  const { config, clock } = backups
  const settings = config.backups
  const startedAt = clock.now().toISOString()
  const run: BackupRun = {
    day,
    startedAt,
    finishedAt: startedAt,
    folder: settings.dir,
    file: null,
    size: null,
    bucket: settings.s3?.bucket ?? null,
    s3Key: null,
    encrypted: settings.passphrase !== undefined,
    error: null,
  }
  const store = settings.s3
    ? await s3Store(settings.store, (message) => backups.log.warn({ s3: message }))
    : undefined
  const secrets: string[] = []
  // An error's words may quote what it was given: no secret reaches the record or the e-mail.
  const said = (error: unknown) =>
    secrets.reduce(
      (text, secret) => text.split(secret).join('…'),
      error instanceof Error ? error.message : String(error),
    )
  let pruned: string[] = []
  const steps = async () => {
    try {
      const passphrase = readPassphrase(settings)
      if (passphrase) secrets.push(passphrase)
      run.file = await writeIntoFolder(backups, day, passphrase)
      run.size = fs.statSync(path.join(settings.dir, run.file)).size
    } catch (error) {
      run.error = backupMessages.notWritten(said(error))
      return
    }
    if (store && settings.s3) {
      const secretKey = settings.store.credentials?.secretAccessKey
      if (secretKey) secrets.push(secretKey)
      const key = `${settings.s3.prefix}${run.file}`
      try {
        await store.upload(settings.s3.bucket, key, path.join(settings.dir, run.file))
        run.s3Key = key
      } catch (error) {
        run.error = backupMessages.notCopied(settings.s3.bucket, said(error))
        return
      }
    }
    try {
      pruned = await prune(settings, store, day)
    } catch (error) {
      run.error = backupMessages.notPruned(said(error))
    }
  }
  try {
    await steps()
  } finally {
    store?.close()
  }
  return { run: { ...run, finishedAt: clock.now().toISOString() }, pruned }
}

/** The consistent copy, encrypted with the passphrase if there is one; the file's name. */
async function writeIntoFolder(backups: Backups, day: string, passphrase: string | undefined) {
  const { db, config } = backups
  const { dir } = config.backups
  fs.mkdirSync(dir, { recursive: true })
  const name = backupName(day, backupExtension(db), passphrase !== undefined)
  if (!passphrase) {
    await writeBackup(db, path.join(dir, name))
    return name
  }
  // The copy in clear waits in the data folder, beside the database it copies, never in the
  // backups' folder (which may be another disk, or shared).
  const clear = path.join(config.dataDir, `.nightly-backup-${process.pid}.${backupExtension(db)}`)
  try {
    await writeBackup(db, clear)
    await encryptFile(clear, path.join(dir, name), passphrase)
  } finally {
    fs.rmSync(clear, { force: true })
  }
  return name
}

/** Removes the backups past those kept, from the folder and the bucket; the days removed. */
async function prune(settings: BackupSettings, store: S3Store | undefined, today: string) {
  const inFolder = fs.readdirSync(settings.dir).flatMap((name) => {
    const day = dayOfBackup(name)
    return day ? [{ day, name }] : []
  })
  const { s3 } = settings
  const inBucket =
    store && s3
      ? (await store.list(s3.bucket, s3.prefix)).flatMap(({ key }) => {
          const day = dayOfBackup(key.slice(s3.prefix.length))
          return day ? [{ day, key }] : []
        })
      : []
  const kept = backupDaysKept(
    [...inFolder, ...inBucket].map(({ day }) => day),
    today,
    settings.keep,
  )
  const removed = new Set<string>()
  for (const { day, name } of inFolder) {
    if (kept.has(day)) continue
    fs.rmSync(path.join(settings.dir, name), { force: true })
    removed.add(day)
  }
  for (const { day, key } of inBucket) {
    if (kept.has(day)) continue
    await store!.remove(s3!.bucket, key)
    removed.add(day)
  }
  return [...removed].sort()
}
