import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { shortDate } from '#shared/domain/dates'
import { inspectionMessages } from '#shared/messages/inspections'
import type { Notice } from '#shared/schemas/inspections'
import { Alert } from '../../components/ui/alert.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { ReasonForm } from '../../components/ui/reason-form.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useChange } from '../../lib/use-change.ts'
import { changedByNotices, noticesQuery, pauseNotice, resumeNotice } from './api.ts'

const columns = [
  inspectionMessages.plot,
  inspectionMessages.stage,
  inspectionMessages.sentOn,
  inspectionMessages.deadline,
  inspectionMessages.tenants,
  inspectionMessages.status,
]

/**
 * The notices running and lately closed, and the plots due to be inspected again, of the chosen
 * site (`siteQuery`).
 */
export function NoticesList({ siteQuery }: { siteQuery: string }) {
  const notices = useQuery(noticesQuery(siteQuery))
  return <QueryState query={notices}>{(list) => <Notices notices={list} />}</QueryState>
}

function Notices({ notices }: { notices: Notice[] }) {
  const [pausing, setPausing] = useState<Notice>()
  const [outcome, setOutcome] = useState({ notice: '', error: '' })
  const pause = useChange({ mutationFn: pauseNotice, invalidates: changedByNotices })
  const resume = useChange({ mutationFn: resumeNotice, invalidates: changedByNotices })
  const due = notices.filter((notice) => notice.reinspectionDue)
  return (
    <>
      <h2>{inspectionMessages.dueForReinspection}</h2>
      {due.length === 0 ? (
        <p>{inspectionMessages.noneDueForReinspection}</p>
      ) : (
        <ul>
          {due.map((notice) => (
            <li key={notice.id}>
              {inspectionMessages.reinspectBy(notice.plotName, notice.deadline)}
            </li>
          ))}
        </ul>
      )}
      <h2>{inspectionMessages.notices}</h2>
      <Alert tone="success">{outcome.notice}</Alert>
      <Alert>{outcome.error}</Alert>
      {notices.length === 0 ? (
        <p>{inspectionMessages.noOpenNotices}</p>
      ) : (
        <CardTable caption={inspectionMessages.notices} columns={columns}>
          {notices.map((notice) => (
            <tr key={notice.id}>
              <td data-label={inspectionMessages.plot}>{notice.plotName}</td>
              <td data-label={inspectionMessages.stage}>
                {inspectionMessages.letterStage[notice.stage]}
                {notice.reason === 'rent' ? ` ${inspectionMessages.forRent}` : ''}
              </td>
              <td data-label={inspectionMessages.sentOn}>{shortDate(notice.sentOn)}</td>
              <td data-label={inspectionMessages.deadline}>{shortDate(notice.deadline)}</td>
              <td data-label={inspectionMessages.tenants}>{notice.tenants.join(', ')}</td>
              <td data-label={inspectionMessages.status}>
                {notice.pausedOn
                  ? inspectionMessages.pausedSince(notice.pausedOn, notice.pauseReason)
                  : inspectionMessages.noticeStatus[notice.status]}
                {notice.status === 'open' ? (
                  <div className="button-row">
                    {notice.pausedOn ? (
                      <button
                        type="button"
                        className="button button--quiet"
                        disabled={resume.isPending}
                        onClick={() =>
                          resume.mutate(notice.id, {
                            onSuccess: (resumed) =>
                              setOutcome({
                                notice: inspectionMessages.noticeResumed(
                                  resumed.plotName,
                                  resumed.deadline,
                                ),
                                error: '',
                              }),
                            onError: (failure) =>
                              setOutcome({ notice: '', error: errorMessage(failure) }),
                          })
                        }
                      >
                        {inspectionMessages.resume}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--quiet"
                        onClick={() => setPausing(notice)}
                      >
                        {inspectionMessages.pause}
                      </button>
                    )}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      {pausing ? (
        <ReasonForm
          key={pausing.id}
          heading={inspectionMessages.pauseHeading(pausing.plotName)}
          level={2}
          label={inspectionMessages.pauseReason}
          hint={inspectionMessages.pauseHint}
          submitLabel={inspectionMessages.pauseButton}
          pendingLabel="Pausing"
          pending={pause.isPending}
          send={async (reason) => {
            const paused = await pause.mutateAsync({ id: pausing.id, reason })
            setPausing(undefined)
            setOutcome({ notice: inspectionMessages.noticePaused(paused.plotName), error: '' })
          }}
          onCancel={() => setPausing(undefined)}
        />
      ) : null}
    </>
  )
}
