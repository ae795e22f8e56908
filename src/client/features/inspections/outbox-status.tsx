import { inspectionMessages } from '#shared/messages/inspections'
import { Alert } from '../../components/ui/alert.tsx'
import type { useInspectionOutbox } from './use-inspection-outbox.ts'
import { forget } from '#client/lib/outbox.ts'

// What is kept on the phone and not yet sent, said where the inspector looks: how many, whether
// the phone has a connection, and any record the server refused, which stays until removed.
export function OutboxStatus({ outbox }: { outbox: ReturnType<typeof useInspectionOutbox> }) {
  const { waiting, othersWaiting, isOnline, send } = outbox
  const refused = waiting.filter((item) => item.refusal)
  const toSend = waiting.length - refused.length
  return (
    <div className="outbox" role="status">
      {!isOnline ? <p className="outbox__offline">{inspectionMessages.offline}</p> : null}
      {toSend > 0 ? (
        <div className="button-row">
          <p className="outbox__count">{inspectionMessages.waitingToSend(toSend)}</p>
          {isOnline ? (
            <button type="button" className="button button--quiet" onClick={() => void send()}>
              {inspectionMessages.sendNow}
            </button>
          ) : null}
        </div>
      ) : null}
      {othersWaiting > 0 ? (
        <p className="outbox__count">{inspectionMessages.othersWaiting(othersWaiting)}</p>
      ) : null}
      {refused.map(({ record, refusal }) => (
        <Alert key={record.id}>
          {inspectionMessages.notAccepted(record.plotId, refusal ?? '')}{' '}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void forget(record.id)}
          >
            {inspectionMessages.removeRecord(record.plotId)}
          </button>
        </Alert>
      ))}
    </div>
  )
}
