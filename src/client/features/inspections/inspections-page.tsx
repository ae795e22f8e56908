import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { londonDate, shortDate } from '#shared/domain/dates'
import { LEVELS } from '#shared/domain/levels'
import { inspectionMessages } from '#shared/messages/inspections'
import { Alert } from '../../components/ui/alert.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { useChosenSite, type ChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { siteMessages } from '#shared/messages/sites'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useOfflineScreens } from '../../lib/offline.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useViewer } from '../../lib/session.ts'
import { useChange } from '../../lib/use-change.ts'
import { roundsQuery, startRound } from './api.ts'
import { NoticesList } from './notices-list.tsx'
import { OutboxStatus } from './outbox-status.tsx'
import { useInspectionOutbox } from './use-inspection-outbox.ts'
import './inspections.css'

// The committee's inspections: the rounds walked so far and the way to start the next, of the
// chosen site when there is more than one (issue 46).
export function InspectionsPage() {
  const chosen = useChosenSite()
  const rounds = useQuery(roundsQuery(chosen.query))
  const outbox = useInspectionOutbox()
  const { data: viewer } = useViewer()
  useOfflineScreens()
  return (
    <section className="inspections">
      <PageHeading>{inspectionMessages.inspections}</PageHeading>
      <SiteChooser chosen={chosen} />
      {(viewer?.level ?? 0) >= LEVELS.admin ? (
        <p>
          <Link className="button button--quiet" to="/members/inspections/settings">
            {inspectionMessages.settingsHeading}
          </Link>
        </p>
      ) : null}
      <OutboxStatus outbox={outbox} />
      <StartRoundForm chosen={chosen} />
      <h2>{inspectionMessages.rounds}</h2>
      <QueryState query={rounds}>
        {(list) =>
          list.length === 0 ? (
            <p>{inspectionMessages.noRoundsYet}</p>
          ) : (
            <CardTable
              caption={inspectionMessages.rounds}
              columns={[
                inspectionMessages.roundDate,
                inspectionMessages.walkers,
                inspectionMessages.plotsSeen,
              ]}
            >
              {list.map((round) => (
                <tr key={round.id}>
                  <td data-label={inspectionMessages.roundDate}>
                    <Link to={`/members/inspections/${round.id}`}>{shortDate(round.date)}</Link>
                  </td>
                  <td data-label={inspectionMessages.walkers}>{round.walkers}</td>
                  <td data-label={inspectionMessages.plotsSeen}>{round.seen}</td>
                </tr>
              ))}
            </CardTable>
          )
        }
      </QueryState>
      <NoticesList siteQuery={chosen.query} />
    </section>
  )
}

// A round walks one site: the one chosen, or with every site shown, the site picked here.
function StartRoundForm({ chosen }: { chosen: ChosenSite }) {
  const navigate = useNavigate()
  const [fields, setFields] = useState({ date: londonDate(new Date()), walkers: '' })
  const open = chosen.sites.filter((site) => !site.retiredOn)
  const [picked, setPicked] = useState<number>()
  const siteId = chosen.site ?? picked ?? open[0]?.id
  const [problem, setProblem] = useState('')
  const start = useChange({ mutationFn: startRound, invalidates: [queryKeys.inspections] })

  function submit(event: FormEvent) {
    event.preventDefault()
    setProblem('')
    start.mutate(
      { ...fields, siteId },
      {
        onSuccess: (round) => void navigate(`/members/inspections/${round.id}`),
        onError: (failure) => setProblem(errorMessage(failure)),
      },
    )
  }

  return (
    <form className="form card" onSubmit={submit} noValidate>
      <h2>{inspectionMessages.startRound}</h2>
      <Alert>{problem}</Alert>
      {chosen.site === undefined && open.length > 1 ? (
        <SelectField
          label={siteMessages.chooserLabel}
          value={siteId ?? ''}
          onChange={(event) => setPicked(Number(event.target.value))}
        >
          {open.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label={inspectionMessages.roundDate}
        type="date"
        required
        value={fields.date}
        onChange={(event) => setFields({ ...fields, date: event.target.value })}
      />
      <TextField
        label={inspectionMessages.walkers}
        hint={inspectionMessages.walkersHint}
        autoComplete="off"
        maxLength={200}
        value={fields.walkers}
        onChange={(event) => setFields({ ...fields, walkers: event.target.value })}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={start.isPending}>
          {inspectionMessages.startRoundButton}
        </button>
      </div>
    </form>
  )
}
