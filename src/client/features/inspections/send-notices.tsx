import { useState } from 'react'
import { inspectionMessages } from '#shared/messages/inspections'
import type { NoticesPreview, NoticesSent } from '#shared/schemas/inspections'
import { BeforeSending } from '#client/components/messages/before-sending.tsx'
import { Alert } from '#client/components/ui/alert.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useChange } from '#client/lib/use-change.ts'
import { changedByNotices, previewNotices, sendNotices } from './api.ts'
import type { PlotName } from './plot-names.ts'

// The server names each plot by its key ("1-2"); what is read names it as the round does ("1").
const named = <T extends { plotId: string }>(notices: readonly T[], plotName: PlotName) =>
  notices.map((notice) => ({ ...notice, plotId: plotName(notice.plotId) }))

/** What else Send notices does (or would do) beside the notices, plot by plot, in sentences. */
const otherPlots = (
  { complied, waiting, vacant }: Pick<NoticesSent, 'complied' | 'waiting' | 'vacant'>,
  plotName: PlotName,
) => [
  ...(complied.length ? [inspectionMessages.noticesComplied(complied.map(plotName))] : []),
  ...(waiting.length ? [inspectionMessages.noticesWaiting(waiting.map(plotName))] : []),
  ...(vacant.length ? [inspectionMessages.noticesVacant(vacant.map(plotName))] : []),
]

const Lines = ({ lines }: { lines: string[] }) =>
  lines.map((line) => (
    <p key={line} className="send-notices__line">
      {line}
    </p>
  ))

// After a round: the next notice of each plot graded for one. Send notices first shows what it
// would send, to how many people and how, and the first notice as its tenant will read it; only
// Send then sends it, as shown (issue 44). Records still on this phone would be left out, so they
// are sent first.
export function SendNotices({
  roundId,
  waiting,
  plotName,
}: {
  roundId: number
  waiting: number
  plotName: PlotName
}) {
  const [preview, setPreview] = useState<NoticesPreview>()
  const [looking, setLooking] = useState(false)
  const [said, setSaid] = useState<string[]>([])
  const [error, setError] = useState('')
  const send = useChange({ mutationFn: sendNotices, invalidates: changedByNotices })

  async function look() {
    setError('')
    setSaid([])
    setLooking(true)
    try {
      setPreview(await previewNotices(roundId))
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setLooking(false)
    }
  }

  function confirm(shown: NoticesPreview) {
    send.mutate(
      { roundId, confirmation: shown.confirmation },
      {
        onSuccess: (result) =>
          setSaid([
            inspectionMessages.noticesSent(named(result.sent, plotName)),
            ...otherPlots(result, plotName),
          ]),
        onError: (failure) => setError(errorMessage(failure)),
        // Sent or refused, the next send starts from a new look.
        onSettled: () => setPreview(undefined),
      },
    )
  }

  return (
    <section className="card" aria-labelledby="send-notices">
      <h2 id="send-notices">{inspectionMessages.notices}</h2>
      <p className="field__hint">
        {waiting > 0 ? inspectionMessages.sendWaitingFirst : inspectionMessages.sendNoticesHint}
      </p>
      <Alert>{error}</Alert>
      {said.length > 0 ? (
        <Alert tone="success">
          <Lines lines={said} />
        </Alert>
      ) : null}
      {preview ? (
        <NoticesBeforeSending
          preview={preview}
          plotName={plotName}
          pending={send.isPending}
          onSend={() => confirm(preview)}
          onCancel={() => setPreview(undefined)}
        />
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={waiting > 0 || looking}
            onClick={() => void look()}
          >
            {inspectionMessages.sendNotices}
          </button>
          {looking ? <Spinner label="Counting" /> : null}
        </div>
      )}
    </section>
  )
}

function NoticesBeforeSending({
  preview,
  plotName,
  pending,
  onSend,
  onCancel,
}: {
  preview: NoticesPreview
  plotName: PlotName
  pending: boolean
  onSend: () => void
  onCancel: () => void
}) {
  const { notices, complied, sample } = preview
  // With no notice to send and no chain to close, there is nothing to confirm.
  const toDo = notices.length > 0 || complied.length > 0
  return (
    <BeforeSending
      summary={
        <Lines
          lines={[
            inspectionMessages.noticesToSend(named(notices, plotName)),
            ...otherPlots(preview, plotName),
          ]}
        />
      }
      reach={preview}
      mailServer={preview.mailServer}
      sample={
        sample && {
          intro: inspectionMessages.noticeAsTheyWillRead(
            { ...sample, plotId: plotName(sample.plotId) },
            sample.name,
          ),
          copies: sample.copies,
          withCopy: (channel) =>
            channel === 'email'
              ? inspectionMessages.findingsWithEmail
              : inspectionMessages.findingsWithLetter,
        }
      }
      actions={
        <>
          {toDo ? (
            <button type="button" className="button" onClick={onSend} disabled={pending}>
              {inspectionMessages.confirmNotices(notices.length)}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--quiet"
            onClick={onCancel}
            disabled={pending}
          >
            {toDo ? 'Cancel' : 'Close'}
          </button>
          {pending ? <Spinner label="Sending" /> : null}
        </>
      }
    />
  )
}
