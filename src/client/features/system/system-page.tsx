import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { backupPlaces } from '#shared/domain/backup-places'
import { shortDateTime } from '#shared/domain/dates'
import { systemMessages as m } from '#shared/messages/system'
import { Alert } from '#client/components/ui/alert.tsx'
import { CardTable } from '#client/components/ui/card-table.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { formatSize } from '#client/lib/format-size.ts'
import { systemQuery, type SystemState } from './api.ts'
import './system.css'

// Below this share of the disk free, the page warns.
const LOW_DISK = 0.1

// The administrator's view of the installation (issue 45): what a volunteer looking after the
// server needs to notice (work piling up or failing, e-mails not leaving, no recent backup, the
// disk filling) without reading the database.
export function SystemPage() {
  const system = useQuery(systemQuery)
  return (
    <section className="system">
      <PageHeading>{m.title}</PageHeading>
      <p>{m.intro}</p>
      <QueryState query={system}>
        {(state) => (
          <>
            <Installation state={state} />
            <Jobs jobs={state.jobs} />
            <Emails email={state.email} />
            <Backup backup={state.backup} />
          </>
        )}
      </QueryState>
    </section>
  )
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="system__part" aria-labelledby={`system-${id}`}>
      <h2 id={`system-${id}`}>{title}</h2>
      {children}
    </section>
  )
}

function Facts({ facts }: { facts: Array<[term: string, value: ReactNode]> }) {
  return (
    <dl className="system__facts">
      {facts.map(([term, value]) => (
        <div key={term} className="system__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Installation({ state }: { state: SystemState }) {
  const { database, migrations, disk } = state
  return (
    <Part id="installation" title={m.installationTitle}>
      <Facts
        facts={[
          [m.version, state.version],
          [m.database, m.databaseSize(m.engines[database.engine], formatSize(database.bytes))],
          [
            m.migrations,
            m.migrationsApplied(migrations.applied, migrations.known, migrations.latest),
          ],
          [m.disk, m.diskFree(formatSize(disk.freeBytes), formatSize(disk.totalBytes))],
          [m.dataFolder, disk.folder],
        ]}
      />
      {disk.freeBytes < disk.totalBytes * LOW_DISK ? <Alert>{m.diskLow}</Alert> : null}
    </Part>
  )
}

function Jobs({ jobs }: { jobs: SystemState['jobs'] }) {
  const columns = Object.values(m.failedColumns)
  return (
    <Part id="jobs" title={m.jobsTitle}>
      <Facts
        facts={[
          [m.jobsDue, jobs.due],
          [m.jobsLater, jobs.later],
          [m.jobsRetrying, jobs.retrying],
          [m.jobsFailed, jobs.failed],
        ]}
      />
      {jobs.latestFailed.length === 0 ? (
        <p>{m.noFailedJobs}</p>
      ) : (
        <>
          <CardTable caption={m.failedCaption} columns={columns}>
            {jobs.latestFailed.map((job) => (
              <tr key={job.id}>
                <td data-label={m.failedColumns.kind}>{job.kind}</td>
                <td data-label={m.failedColumns.when}>
                  {job.finishedAt ? shortDateTime(job.finishedAt) : ''}
                </td>
                <td data-label={m.failedColumns.attempts}>{job.attempts}</td>
                <td data-label={m.failedColumns.error} className="system__error">
                  {job.lastError}
                </td>
              </tr>
            ))}
          </CardTable>
          {jobs.failed > jobs.latestFailed.length ? (
            <p className="count">{m.moreFailed(jobs.latestFailed.length, jobs.failed)}</p>
          ) : null}
        </>
      )}
    </Part>
  )
}

function Emails({ email }: { email: SystemState['email'] }) {
  return (
    <Part id="email" title={m.emailTitle}>
      <Facts
        facts={[
          [m.emailWay, email.way === 'smtp' ? m.emailBySmtp : m.emailToOutbox],
          [m.emailWaiting, email.waiting],
          [m.emailFailed, email.failed],
          [m.emailInterrupted, email.interrupted],
          [m.emailInOutbox, email.inOutbox],
        ]}
      />
    </Part>
  )
}

function Backup({ backup }: { backup: SystemState['backup'] }) {
  const { last, kept } = backup
  const where: Array<[string, string]> = last
    ? [[m.backupWhere, backupPlaces(last).join(' and ') || last.folder]]
    : []
  return (
    <Part id="backup" title={m.backupTitle}>
      <Facts
        facts={[
          [
            m.backupSchedule,
            backup.time
              ? m.backupTimed(backup.time, backup.keepDays, backup.keepMonths)
              : m.backupOff,
          ],
          [
            m.backupCopies,
            m.backupCopiesTo(backup.folder, backup.s3?.bucket ?? null, backup.encrypted),
          ],
          [
            m.lastBackup,
            last
              ? last.error === null
                ? m.backupDone(last.finishedAt)
                : m.backupFailed(last.finishedAt, last.error)
              : m.noBackup,
          ],
          ...where,
        ]}
      />
      {kept.length > 0 ? (
        <>
          <h3>{m.backupsKept}</h3>
          <ul>
            {kept.map((run) => (
              <li key={run.day}>{m.backupKept(run.day, formatSize(run.size ?? 0))}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Part>
  )
}
