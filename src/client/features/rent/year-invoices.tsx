import { useDeferredValue, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { invoiceMessages } from '#shared/messages/invoices'
import { londonDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { invoiceReference } from '#shared/domain/rent'
import type { Invoice, RentYear } from '#shared/schemas/rent'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { balanceText } from '../../components/rent/invoice-balance.ts'
import { CardTable } from '../../components/ui/card-table.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { useShowMore } from '../../lib/use-show-more.ts'
import { invoiceHref, yearInvoicesQuery, yearPdfHref } from './api.ts'
import { invoiceName, invoiceState, stateWords, type InvoiceState } from './invoice-state.ts'

const PAGE_SIZE = 25

const SHOW = {
  all: 'All invoices',
  owed: 'Still owed',
  overdue: 'Overdue',
  settled: 'Paid or written off',
  cancelled: 'Cancelled',
} as const
type Show = keyof typeof SHOW

const shows: Record<Show, (state: InvoiceState) => boolean> = {
  all: () => true,
  owed: (state) => state === 'owing' || state === 'overdue',
  overdue: (state) => state === 'overdue',
  settled: (state) => state === 'paid' || state === 'writtenOff',
  cancelled: (state) => state === 'cancelled',
}

const COLUMNS = {
  number: 'Invoice',
  plot: 'Plot',
  payer: 'Payer',
  amount: 'Amount',
  outstanding: 'Outstanding',
  status: 'Status',
}

// The year's invoices (of the site chosen, or every site) in number order, found by number, plot
// or payer, and their PDFs.
export function YearInvoices({ year, site }: { year: RentYear; site: number | undefined }) {
  const invoices = useQuery(yearInvoicesQuery(year.id, site))
  return (
    <section className="card rent__section" aria-labelledby="rent-invoices-heading">
      <h2 id="rent-invoices-heading">Invoices {year.label}</h2>
      <div className="button-row">
        <a className="button button--quiet" href={yearPdfHref(year.id, false, site)} download>
          Download all invoices (PDF)
        </a>
        <a className="button button--quiet" href={yearPdfHref(year.id, true, site)} download>
          Download invoices to post (PDF)
        </a>
      </div>
      <QueryState query={invoices}>
        {(list) =>
          list.length === 0 ? <p>{invoiceMessages.noInvoices}</p> : <InvoiceTable invoices={list} />
        }
      </QueryState>
    </section>
  )
}

function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const [text, setText] = useState('')
  const [show, setShow] = useState<Show>('all')
  const query = useDeferredValue(text.trim().toLowerCase())
  const today = londonDate(new Date())
  const plotNames = usePlotNames()
  const matching = useMemo(
    () =>
      invoices.filter((invoice) => {
        if (!shows[show](invoiceState(invoice, today))) return false
        if (!query) return true
        return [
          String(invoice.number),
          invoiceReference(invoice.number),
          plotNames.ofRecord(invoice),
          invoice.payerName,
          invoice.payerId,
        ].some((field) => field.toLowerCase().includes(query))
      }),
    [invoices, show, query, today, plotNames],
  )
  const { visible, hidden, showMore } = useShowMore(matching, PAGE_SIZE, `${show}\n${query}`)
  return (
    <>
      <div className="toolbar">
        <TextField
          label="Filter invoices"
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint="Number, plot or payer"
        />
        <SelectField
          label="Show"
          value={show}
          onChange={(event) => setShow(event.target.value as Show)}
        >
          {Object.entries(SHOW).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="count" aria-live="polite">
        {matching.length.toLocaleString('en-GB')} of {invoices.length.toLocaleString('en-GB')}{' '}
        invoices
        {hidden > 0 ? `; showing the first ${visible.length}` : ''}
      </p>
      {matching.length > 0 ? (
        <CardTable caption="The year's invoices in number order" columns={Object.values(COLUMNS)}>
          {visible.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">
                <Link to={invoiceHref(invoice.id)}>{invoiceName(invoice.number)}</Link>
              </th>
              <td data-label={COLUMNS.plot}>{plotNames.ofRecord(invoice)}</td>
              <td data-label={COLUMNS.payer}>{invoice.payerName}</td>
              <td data-label={COLUMNS.amount}>{penceText(invoice.amount)}</td>
              <td data-label={COLUMNS.outstanding}>{balanceText(invoice.outstanding)}</td>
              <td data-label={COLUMNS.status}>{stateWords[invoiceState(invoice, today)]}</td>
            </tr>
          ))}
        </CardTable>
      ) : null}
      <ShowMore hidden={hidden} onShowMore={showMore} />
    </>
  )
}
