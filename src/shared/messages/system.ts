import { longDate, longDateAndTime } from '#shared/domain/dates'
import { counted } from '#shared/domain/text'

// The administrator's System page (issue 45): what is waiting, failing or stale, in words a
// volunteer who looks after the server can act on.

const at = (instant: string) => {
  const { date, time } = longDateAndTime(instant)
  return `${date} at ${time}`
}

export const systemMessages = {
  title: 'System',
  intro:
    'How this installation is running: what is waiting, what has failed, and how much room is left.',
  settingsLinkNote: 'the version, the database, jobs, e-mails, backups and disk space.',
  installationTitle: 'This installation',
  version: 'Version',
  database: 'Database',
  engines: { sqlite: 'SQLite', postgres: 'PostgreSQL' },
  databaseSize: (engine: string, size: string) => `${engine}, ${size}`,
  migrations: 'Migrations',
  migrationsApplied: (applied: number, known: number, latest: string | null) =>
    `${applied} of ${known} applied${latest ? `, the latest ${latest}` : ''}`,
  disk: 'Disk space left',
  diskFree: (free: string, total: string) => `${free} free of ${total}`,
  dataFolder: 'Data folder',
  diskLow:
    'Less than a tenth of the disk is free. When it fills, changes, uploads and backups fail: make room or move to a larger disk.',
  jobsTitle: 'Jobs',
  jobsDue: 'Due now',
  jobsLater: 'Waiting for their time',
  jobsRetrying: 'To be tried again after a failure',
  jobsFailed: 'Failed',
  failedCaption: 'The latest jobs that failed',
  failedColumns: { kind: 'Kind', when: 'Failed', attempts: 'Attempts', error: 'Last error' },
  noFailedJobs: 'No job has failed.',
  moreFailed: (shown: number, failed: number) =>
    `The latest ${shown} of ${counted(failed, 'failed job')}.`,
  emailTitle: 'E-mails',
  emailWay: 'How e-mails go',
  emailBySmtp: 'To the mail server (SMTP)',
  emailToOutbox:
    'To the outbox folder only: no mail server is set (SMTP_URL), so they reach no one until one is.',
  emailWaiting: 'Waiting to go',
  emailFailed: 'Refused or failed',
  emailInterrupted: 'Cut off while sending (may have arrived)',
  emailInOutbox: 'In the outbox folder, not sent',
  backupTitle: 'Backups',
  lastBackup: 'Last backup',
  noBackup: 'No backup yet.',
  backupDone: (instant: string) => `Made on ${at(instant)}.`,
  backupFailed: (instant: string, error: string) => `Failed on ${at(instant)}: ${error}`,
  backupWhere: 'Where it went',
  backupSchedule: 'When',
  backupTimed: (time: string, days: number, months: number) =>
    `Every night at ${time}, London time. Kept: the last ${counted(days, 'day')}, and the first backup of each of the last ${counted(months, 'month')}.`,
  backupOff: 'Turned off (BACKUP_TIME is off): no backup is taken by itself.',
  backupCopies: 'Copies',
  backupCopiesTo: (folder: string, bucket: string | null, encrypted: boolean) =>
    [
      `In the folder ${folder}`,
      bucket ? ` and the S3 bucket ${bucket}` : '',
      encrypted ? ', encrypted.' : ', not encrypted (no passphrase is set).',
    ].join(''),
  backupsKept: 'Backups kept',
  backupKept: (day: string, size: string) => `${longDate(day)}: ${size}`,
} as const
