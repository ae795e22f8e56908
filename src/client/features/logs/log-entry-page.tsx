import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'react-router'
import { commonMessages } from '#shared/messages/common'
import { logMessages } from '#shared/messages/logs'
import type { LogEntry } from '#shared/schemas/logs'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { logEntryQuery } from './api.ts'
import { formatTimeStamp, hasError } from './log-format.ts'
import { LoggedTable } from './logged-table.tsx'
import './logs.css'

type Part = 'value' | 'error'

// Spec section 2: {id} shows the logged value as a table, {id}/error the logged error.
function LogEntryPage({ part }: { part: Part }) {
  const { id = '' } = useParams()
  const entry = useQuery(logEntryQuery(id))
  const from = (useLocation().state as { from?: string } | null)?.from ?? ''
  const back = (
    <p>
      <Link className="link-target" to={{ pathname: '/members/logs', search: from }}>
        Back to the log
      </Link>
    </p>
  )

  if (entry.isPending) return <Spinner />
  if (entry.isError) {
    const missing =
      entry.error instanceof ApiError && (entry.error.status === 404 || entry.error.status === 400)
    return (
      <section>
        <PageHeading>{commonMessages.error}</PageHeading>
        <Alert>{missing ? logMessages.noLogEntry(id) : errorMessage(entry.error)}</Alert>
        {back}
      </section>
    )
  }
  return (
    <section>
      <PageHeading>
        {part === 'value' ? `Logged value of entry ${id}` : `Logged error of entry ${id}`}
      </PageHeading>
      <EntrySummary entry={entry.data} />
      {part === 'error' && !hasError(entry.data.error) ? (
        <p>No error was recorded for this entry.</p>
      ) : (
        <LoggedTable
          text={entry.data[part]}
          caption={part === 'value' ? 'Logged value' : 'Logged error'}
        />
      )}
      {part === 'value' && hasError(entry.data.error) ? (
        <p>
          <Link to="error" relative="path" state={{ from }}>
            Show the logged error
          </Link>
        </p>
      ) : null}
      {back}
    </section>
  )
}

function EntrySummary({ entry }: { entry: LogEntry }) {
  return (
    <dl className="log-summary">
      <dt>Time Stamp</dt>
      <dd>
        <time dateTime={entry.timeStamp}>{formatTimeStamp(entry.timeStamp)}</time>
      </dd>
      <dt>Method Name</dt>
      <dd>{entry.methodName}</dd>
      <dt>User Name</dt>
      <dd>{entry.userName}</dd>
      <dt>Record</dt>
      <dd>
        {entry.eventCollection}
        {entry.docId ? ` / ${entry.docId}` : ''}
      </dd>
    </dl>
  )
}

export const LogValuePage = () => <LogEntryPage part="value" />
export const LogErrorPage = () => <LogEntryPage part="error" />
