import { useEffect, useRef } from 'react'
import { useIsMutating, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { longDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentNoticeMessages as words } from '#shared/messages/rent-notices'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { rateRaisesQuery } from './api.ts'

// Raises of the rates waiting for their day (decision 62): each with the tenants whose rent
// rises, and the notice letter to them, ready in Messages to read through and send.
export function RaisesWaiting() {
  const raises = useQuery(rateRaisesQuery)
  // The organisation's rates and each site's are saved by forms of their own, refreshing their
  // own settings: once any save on the page is done, the raises are read again.
  const saving = useIsMutating()
  const saved = useRef(saving)
  const { refetch } = raises
  useEffect(() => {
    if (saved.current > 0 && saving === 0) void refetch()
    saved.current = saving
  }, [saving, refetch])
  return (
    <section className="card rent__section" aria-labelledby="raises-waiting-heading">
      <h2 id="raises-waiting-heading">{invoiceMessages.rateNoticesHeading}</h2>
      <QueryState query={raises}>
        {(list) =>
          list.length === 0 ? (
            <p>{words.raisesNone}</p>
          ) : (
            <ul className="person-messages">
              {list.map((raise) => {
                const people = [...new Set(raise.notices.map((notice) => notice.personId))]
                return (
                  <li key={raise.id}>
                    <p>{words.raiseSummary(raise.takesEffect, people.length)}</p>
                    <ul>
                      {raise.notices.map((notice) => (
                        <li key={`${notice.personId}-${notice.plotId}`}>
                          <Link
                            className="link-target"
                            to={`/members/plotholders/${encodeURIComponent(notice.personId)}`}
                          >
                            {notice.personName}
                          </Link>
                          {': '}
                          {invoiceMessages.rateNotice(
                            notice.plotName,
                            penceText(notice.oldAmount),
                            penceText(notice.newAmount),
                            longDate(raise.takesEffect),
                          )}
                        </li>
                      ))}
                    </ul>
                    {people.length > 0 ? (
                      <p>
                        <Link
                          className="link-target"
                          to={`/members/messages?start=rentRise&people=${people.map(encodeURIComponent).join(',')}`}
                        >
                          {words.writeRaiseLetter(raise.takesEffect)}
                        </Link>
                      </p>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}
