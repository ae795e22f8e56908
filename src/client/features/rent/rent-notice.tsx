import { useEffect, useRef, useState } from 'react'
import { noticeToQuitMessages as words } from '#shared/messages/notice-to-quit'
import type { RentNoticePreview, RentNoticeSent } from '#shared/schemas/rent-notices'
import { BeforeSending } from '#client/components/messages/before-sending.tsx'
import { Alert } from '#client/components/ui/alert.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useChange } from '#client/lib/use-change.ts'
import { changedByRentNotice, previewRentNotice, sendRentNotice } from './rent-notice-api.ts'

// The arrears list's confirm step for a notice to quit (decision 61): whom it goes to, the sum
// owed, the day it ends, and the letter as they will read it, from the server (which counts the
// days and the month by London's clock). Nothing is sent before "Send the notice"; the server
// sends only what was shown, or refuses with a clear message and changes nothing.
export function RentNoticeConfirm({
  invoiceId,
  plotName,
  onSent,
  onClose,
}: {
  invoiceId: number
  plotName: string
  onSent: (sent: RentNoticeSent) => void
  onClose: () => void
}) {
  const [preview, setPreview] = useState<RentNoticePreview>()
  const [error, setError] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const send = useChange({ mutationFn: sendRentNotice, invalidates: changedByRentNotice })

  useEffect(() => {
    let current = true
    void previewRentNotice(invoiceId).then(
      (shown) => current && setPreview(shown),
      (failure: unknown) => current && setError(errorMessage(failure)),
    )
    heading.current?.focus()
    return () => {
      current = false
    }
  }, [invoiceId])

  function confirm(shown: RentNoticePreview) {
    setError('')
    send.mutate(
      { invoiceId, confirmation: shown.confirmation },
      { onSuccess: onSent, onError: (failure) => setError(errorMessage(failure)) },
    )
  }

  const close = (
    <button
      type="button"
      className="button button--quiet"
      onClick={onClose}
      disabled={send.isPending}
    >
      {preview && !error ? 'Cancel' : 'Close'}
    </button>
  )
  return (
    <section className="rent-notice" aria-labelledby="rent-notice-heading">
      <h3 id="rent-notice-heading" ref={heading} tabIndex={-1}>
        {words.confirmHeading(plotName)}
      </h3>
      <Alert>{error}</Alert>
      {preview && !error ? (
        <BeforeSending
          summary={
            <>
              <p>
                {words.owedSummary(
                  preview.payerName,
                  preview.overdue,
                  preview.plotName,
                  preview.dueOn,
                  preview.daysPastDue,
                )}
              </p>
              <p>{words.endsSummary(preview.tenants, preview.plotName, preview.endsOn)}</p>
              <p>{words.paidMeanwhile}</p>
            </>
          }
          reach={preview}
          mailServer={preview.mailServer}
          sample={{
            intro: words.asTheyWillRead(preview.sample.name),
            copies: preview.sample.copies,
          }}
          actions={
            <>
              <button
                type="button"
                className="button"
                onClick={() => confirm(preview)}
                disabled={send.isPending}
              >
                {words.confirmSend}
              </button>
              {close}
              {send.isPending ? <Spinner label="Sending" /> : null}
            </>
          }
        />
      ) : (
        <div className="button-row">
          {error ? null : <Spinner label="Loading" />}
          {close}
        </div>
      )}
    </section>
  )
}
