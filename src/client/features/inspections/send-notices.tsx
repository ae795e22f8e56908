import { useState } from 'react'
import { inspectionMessages } from '#shared/messages/inspections'
import type { NoticesSent } from '#shared/schemas/inspections'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useChange } from '../../lib/use-change.ts'
import { changedByNotices, sendNotices } from './api.ts'

/** What Send notices did, plot by plot, in sentences. */
function outcomeOf(result: NoticesSent): string[] {
  return [
    inspectionMessages.noticesSent(result.sent),
    ...(result.complied.length ? [inspectionMessages.noticesComplied(result.complied)] : []),
    ...(result.waiting.length ? [inspectionMessages.noticesWaiting(result.waiting)] : []),
    ...(result.vacant.length ? [inspectionMessages.noticesVacant(result.vacant)] : []),
  ]
}

// After a round: the next notice of each plot graded for one. Records still on this phone would
// be left out, so they are sent first.
export function SendNotices({ roundId, waiting }: { roundId: number; waiting: number }) {
  const [said, setSaid] = useState<string[]>([])
  const [error, setError] = useState('')
  const send = useChange({ mutationFn: sendNotices, invalidates: changedByNotices })
  return (
    <section className="card" aria-labelledby="send-notices">
      <h2 id="send-notices">{inspectionMessages.notices}</h2>
      <p className="field__hint">
        {waiting > 0 ? inspectionMessages.sendWaitingFirst : inspectionMessages.sendNoticesHint}
      </p>
      <Alert>{error}</Alert>
      {said.length > 0 ? (
        <Alert tone="success">
          {said.map((line) => (
            <p key={line} className="send-notices__line">
              {line}
            </p>
          ))}
        </Alert>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={waiting > 0 || send.isPending}
          onClick={() => {
            setError('')
            send.mutate(roundId, {
              onSuccess: (result) => setSaid(outcomeOf(result)),
              onError: (failure) => setError(errorMessage(failure)),
            })
          }}
        >
          {inspectionMessages.sendNotices}
        </button>
      </div>
    </section>
  )
}
