import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { londonDate, longDate } from '#shared/domain/dates'
import { calendarMessages as words } from '#shared/messages/calendar'
import { Alert } from '#client/components/ui/alert.tsx'
import { TextField } from '#client/components/ui/field.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useChange } from '#client/lib/use-change.ts'
import { calendarAddressQuery, makeCalendarAddress } from './api.ts'

// The member's private calendar address (decision 63). Only its hash is kept, so the address is
// shown once, as it is made; making another ("Reset") stops the old one at once.
export function Subscribe() {
  const state = useQuery(calendarAddressQuery)
  const [address, setAddress] = useState('')
  const [copied, setCopied] = useState(false)
  const make = useChange({
    mutationFn: makeCalendarAddress,
    invalidates: [queryKeys.calendar],
    refresh: 'background',
  })

  async function copy() {
    setCopied(false)
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
    } catch {
      // No clipboard for this page (an older browser, or one that asks first): the address is
      // selected, for the phone's own Copy.
      document.querySelector<HTMLInputElement>('input[name="calendarAddress"]')?.select()
    }
  }

  return (
    <section className="card calendar-subscribe" aria-labelledby="calendar-subscribe-heading">
      <h2 id="calendar-subscribe-heading">{words.subscribeHeading}</h2>
      <p>{words.subscribeIntro}</p>
      <QueryState query={state}>
        {({ madeAt }) => (
          <>
            {madeAt && !address ? (
              <p>{words.addressMadeOn(longDate(londonDate(new Date(madeAt))))}</p>
            ) : null}
            {address ? (
              <div className="calendar-subscribe__address">
                <Alert tone="info">{words.addressShownOnce}</Alert>
                <TextField
                  label={words.addressLabel}
                  name="calendarAddress"
                  readOnly
                  value={address}
                  onFocus={(event) => event.target.select()}
                />
                <div className="button-row">
                  <button type="button" className="button" onClick={() => void copy()}>
                    {words.copyAddress}
                  </button>
                </div>
                <Alert tone="success">{copied ? words.copied : null}</Alert>
              </div>
            ) : null}
            <Alert>{make.isError ? errorMessage(make.error) : null}</Alert>
            {madeAt || address ? <p className="field__hint">{words.resetExplained}</p> : null}
            <div className="button-row">
              <button
                type="button"
                className={madeAt || address ? 'button button--quiet' : 'button'}
                disabled={make.isPending}
                onClick={() =>
                  make.mutate(undefined, {
                    onSuccess: (made) => {
                      setCopied(false)
                      setAddress(made.url)
                    },
                  })
                }
              >
                {madeAt || address ? words.resetAddress : words.makeAddress}
              </button>
            </div>
          </>
        )}
      </QueryState>
    </section>
  )
}
