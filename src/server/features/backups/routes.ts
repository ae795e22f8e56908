import type { App } from '#server/core/app-type'
import { backupFailedMailJob } from '#server/features/backups/failure-mail'
import { nightlyBackupJob, scheduleNightly } from '#server/features/backups/nightly'

// Backups that leave the machine (issue 45, item 5): the nightly backup's jobs, and its first
// night stored when the server is ready. No routes: the administrator's System page shows
// backupStatus (sql.ts).
export async function backupsFeature(app: App) {
  const failureMail = backupFailedMailJob(app)
  const nightly = nightlyBackupJob(app, failureMail)
  app.jobs.define(failureMail)
  app.jobs.define(nightly)
  app.addHook('onReady', () => scheduleNightly(app, nightly))
}
