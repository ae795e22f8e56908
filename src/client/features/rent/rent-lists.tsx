import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import { penceText } from '#shared/domain/money'
import { londonDate, shortDate } from '#shared/domain/dates'
import { chasedFrom, overdueOf } from '#shared/domain/instalments'
import { NOTICE_TO_QUIT_DAYS } from '#shared/domain/rent-chase'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
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
export function ArrearsList({ site }: { site: number | undefined }) {
  const arrears = useQuery(arrearsQuery(site))
  const plotNames = usePlotNames()
  const today = londonDate(new Date())
  return (
    <section className="card rent__section" aria-labelledby="rent-arrears-heading">
      <h2 id="rent-arrears-heading">Arrears</h2>
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
                  <td data-label={ARREARS.days}>
                    {invoice.daysPastDue >= NOTICE_TO_QUIT_DAYS
                      ? rentNoticeMessages.noticeToQuitAllowed(invoice.daysPastDue)
                      : invoice.daysPastDue}
                  </td>
                  <td data-label={ARREARS.steps}>{stepsText(invoice.steps)}</td>
                </tr>
              ))}
            </CardTable>
          )
        }
      </QueryState>
    </section>
  )
}
