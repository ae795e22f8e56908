import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import { penceText } from '#shared/domain/money'
import { londonDate, shortDate } from '#shared/domain/dates'
import { chasedFrom, overdueOf } from '#shared/domain/instalments'
import { NOTICE_TO_QUIT_DAYS } from '#shared/domain/rent-chase'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import type { ArrearsInvoice } from '#shared/schemas/rent'
import { Alert } from '#client/components/ui/alert.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { arrearsQuery, dueQuery, invoiceHref } from './api.ts'
import { invoiceName, stepsText } from './invoice-state.ts'

const DUE = {
  invoice: 'Invoice',
  plot: 'Plot',
  payer: 'Payer',
  step: 'Step',
  date: 'Date',
  outstanding: 'Outstanding',
  done: 'Done',
}

// Reminders and arrears falling due today, and those overdue and not yet done (of the site
// chosen, or every site).
export function DueList({ site }: { site: number | undefined }) {
  const due = useQuery(dueQuery(site))
  const plotNames = usePlotNames()
  return (
    <section className="card rent__section" aria-labelledby="rent-due-heading">
      <h2 id="rent-due-heading">Due today</h2>
      <QueryState query={due}>
        {(items) =>
          items.length === 0 ? (
            <p>{rentMessages.nothingDueToday}</p>
          ) : (
            <CardTable caption="Reminders and arrears due" columns={Object.values(DUE)}>
              {items.map(({ invoice, step, date, done }) => (
                <tr key={`${invoice.id}-${step}`}>
                  <th scope="row">
                    <Link to={invoiceHref(invoice.id)}>{invoiceName(invoice.number)}</Link>
                  </th>
                  <td data-label={DUE.plot}>{plotNames.ofRecord(invoice)}</td>
                  <td data-label={DUE.payer}>{invoice.payerName}</td>
                  <td data-label={DUE.step}>{invoiceMessages.rentStep[step]}</td>
                  <td data-label={DUE.date}>{shortDate(date)}</td>
                  <td data-label={DUE.outstanding}>{penceText(invoice.outstanding)}</td>
                  <td data-label={DUE.done}>{done ? 'Done' : 'To do'}</td>
                </tr>
              ))}
            </CardTable>
          )
        }
      </QueryState>
    </section>
  )
}

// The confirm step of a notice to quit, loaded when one is asked for.
const RentNoticeConfirm = lazy(() =>
  import('./rent-notice.tsx').then((m) => ({ default: m.RentNoticeConfirm })),
)

const ARREARS = {
  invoice: 'Invoice',
  plot: 'Plot',
  payer: 'Payer',
  due: 'Due by',
  outstanding: 'Outstanding',
  overdue: 'Overdue',
  days: rentNoticeMessages.daysPastDue,
  steps: 'Reminders',
}

// This year's invoices still owed after their due date, most overdue first (of the site chosen,
// or every site).
// From the 40th day past due an invoice offers notice to quit (decision 61), and once one is given
// says when it ends.
export function ArrearsList({ site }: { site: number | undefined }) {
  const arrears = useQuery(arrearsQuery(site))
  const plotNames = usePlotNames()
  const today = londonDate(new Date())
  const [noticeFor, setNoticeFor] = useState<ArrearsInvoice>()
  const [sent, setSent] = useState('')
  const days = (invoice: ArrearsInvoice) => {
    if (invoice.noticeToQuit) return rentNoticeMessages.noticeRunning(invoice.noticeToQuit.endsOn)
    if (invoice.daysPastDue < NOTICE_TO_QUIT_DAYS) return invoice.daysPastDue
    return (
      <>
        {rentNoticeMessages.noticeToQuitAllowed(invoice.daysPastDue)}
        <div className="button-row">
          <button
            type="button"
            className="button button--quiet"
            aria-label={rentNoticeMessages.sendNoticeFor(plotNames.ofRecord(invoice))}
            onClick={() => {
              setSent('')
              setNoticeFor(invoice)
            }}
          >
            {rentNoticeMessages.sendNotice}
          </button>
        </div>
      </>
    )
  }
  return (
    <section className="card rent__section" aria-labelledby="rent-arrears-heading">
      <h2 id="rent-arrears-heading">Arrears</h2>
      <Alert tone="success">{sent}</Alert>
      <QueryState query={arrears}>
        {(invoices) =>
          invoices.length === 0 ? (
            <p>{rentMessages.noArrears}</p>
          ) : (
            <CardTable
              caption="Invoices in arrears, most overdue first"
              columns={Object.values(ARREARS)}
            >
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">
                    <Link to={invoiceHref(invoice.id)}>{invoiceName(invoice.number)}</Link>
                  </th>
                  <td data-label={ARREARS.plot}>{plotNames.ofRecord(invoice)}</td>
                  <td data-label={ARREARS.payer}>{invoice.payerName}</td>
                  <td data-label={ARREARS.due}>
                    {shortDate(chasedFrom(invoice) ?? invoice.dueDate)}
                  </td>
                  <td data-label={ARREARS.outstanding}>{penceText(invoice.outstanding)}</td>
                  <td data-label={ARREARS.overdue}>{penceText(overdueOf(invoice, today))}</td>
                  <td data-label={ARREARS.days}>{days(invoice)}</td>
                  <td data-label={ARREARS.steps}>{stepsText(invoice.steps)}</td>
                </tr>
              ))}
            </CardTable>
          )
        }
      </QueryState>
      {noticeFor ? (
        <Suspense fallback={<Spinner label="Loading" />}>
          <RentNoticeConfirm
            key={noticeFor.id}
            invoiceId={noticeFor.id}
            plotName={plotNames.ofRecord(noticeFor)}
            onSent={(notice) => {
              setNoticeFor(undefined)
              setSent(rentNoticeMessages.sent(plotNames.ofRecord(noticeFor), notice.endsOn))
            }}
            onClose={() => setNoticeFor(undefined)}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
