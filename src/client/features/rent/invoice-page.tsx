import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import { penceText } from '#shared/domain/money'
import { londonDate, longDate, shortDate } from '#shared/domain/dates'
import { invoiceReference } from '#shared/domain/rent'
import type { InvoiceDetail } from '#shared/schemas/rent'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { useUnsavedForms } from '../../lib/unsaved-changes.tsx'
import { invoicePdfHref, invoiceQuery } from './api.ts'
import { CorrectionForm } from './correction-form.tsx'
import { Fact } from './facts.tsx'
import { invoiceName, invoiceState, stateWords } from './invoice-state.ts'
import { InstalmentForm } from './instalment-form.tsx'
import { PaymentForm } from './payment-form.tsx'
import { InstalmentsTable } from '#client/components/rent/instalments-table.tsx'
import { instalmentMessages } from '#shared/messages/instalments'
import { plotPath } from '#client/lib/paths.ts'
import './rent.css'

const facts = invoiceMessages.invoiceFacts

// One invoice: what it charges, what was paid and corrected, the reminders, and the forms that
// record a payment or a correction.
export function InvoicePage() {
  const { id = '' } = useParams()
  const invoice = useQuery(invoiceQuery(Number(id)))
  const unsaved = useUnsavedForms()
  // Each entry recorded is followed by fresh, empty forms, and says so above them.
  const [notice, setNotice] = useState({ text: '', round: 0 })
  const recorded = (text: string) => setNotice(({ round }) => ({ text, round: round + 1 }))
  return (
    <section className="rent">
      <PageHeading title={invoice.data ? invoiceName(invoice.data.number) : 'Invoice'}>
        {invoice.data ? invoiceName(invoice.data.number) : 'Invoice'}
      </PageHeading>
      <p>
        <Link className="link-target" to="/members/rent">
          Back to rent
        </Link>
      </p>
      {unsaved.prompt}
      <QueryState query={invoice}>
        {(detail) => (
          <>
            <InvoiceFacts invoice={detail} />
            <Alert tone="success">{notice.text}</Alert>
            {detail.cancelled ? (
              <Alert tone="info">{rentMessages.invoiceCancelled}</Alert>
            ) : (
              <div className="rent-forms">
                <PaymentForm
                  key={`payment-${notice.round}`}
                  invoice={detail}
                  report={unsaved.report}
                  onRecorded={recorded}
                />
                <CorrectionForm
                  key={`correction-${notice.round}`}
                  invoice={detail}
                  report={unsaved.report}
                  onRecorded={recorded}
                />
                {detail.outstanding > 0 ? (
                  <InstalmentForm
                    key={`instalments-${notice.round}`}
                    invoice={detail}
                    report={unsaved.report}
                    onSplit={recorded}
                  />
                ) : null}
              </div>
            )}
            <Entries invoice={detail} />
          </>
        )}
      </QueryState>
    </section>
  )
}

function InvoiceFacts({ invoice }: { invoice: InvoiceDetail }) {
  const plotNames = usePlotNames()
  const today = londonDate(new Date())
  return (
    <>
      <section className="card rent__section" aria-labelledby="invoice-facts-heading">
        <h2 id="invoice-facts-heading" className="visually-hidden">
          Details
        </h2>
        <dl className="rent-facts">
          <Fact
            term={facts.plot}
            value={
              <Link className="link-target" to={plotPath(invoice.plotId)}>
                {plotNames.ofRecord(invoice)}
              </Link>
            }
          />
          <Fact
            term="Payer"
            value={
              <Link
                className="link-target"
                to={`/members/plotholders/${encodeURIComponent(invoice.payerId)}`}
              >
                {invoice.payerName}
              </Link>
            }
          />
          <Fact term={facts.year} value={invoice.yearLabel} />
          <Fact term={facts.date} value={longDate(invoice.issuedOn)} />
          <Fact term={facts.due} value={longDate(invoice.dueDate)} />
          <Fact term={facts.reference} value={invoiceReference(invoice.number)} />
          <Fact term="Status" value={stateWords[invoiceState(invoice, today)]} />
        </dl>
        <p>
          <a className="button button--quiet" href={invoicePdfHref(invoice.id)} download>
            Download invoice (PDF)
          </a>
        </p>
      </section>
      <section className="card rent__section" aria-labelledby="invoice-lines-heading">
        <h2 id="invoice-lines-heading">Charges</h2>
        <table className="table rent-lines">
          <caption className="visually-hidden">What the invoice charges</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col" className="rent-money">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.description}</td>
                <td className="rent-money">{penceText(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{facts.total}</th>
              <td className="rent-money">{penceText(invoice.amount)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
      <section className="card rent__section" aria-labelledby="invoice-balance-heading">
        <h2 id="invoice-balance-heading">Balance</h2>
        <dl className="rent-facts">
          <Fact term={facts.total} value={penceText(invoice.amount)} />
          <Fact term={facts.paid} value={penceText(invoice.paid)} />
          <Fact term={facts.refunded} value={penceText(invoice.refunded)} />
          <Fact term={facts.writtenOff} value={penceText(invoice.writtenOff)} />
          {invoice.paidFromCredit > 0 ? (
            <Fact
              term={invoiceMessages.entryKind.credit}
              value={penceText(invoice.paidFromCredit)}
            />
          ) : null}
          {invoice.carried > 0 ? (
            <Fact term={invoiceMessages.entryKind.carry} value={penceText(invoice.carried)} />
          ) : null}
          {invoice.cancelled ? <Fact term={invoiceMessages.entryKind.cancel} value="Yes" /> : null}
          <Fact
            term={invoice.outstanding < 0 ? facts.credit : facts.outstanding}
            value={<strong>{penceText(Math.abs(invoice.outstanding))}</strong>}
          />
        </dl>
        <h3>Reminders</h3>
        {invoice.steps.length === 0 ? (
          <p>None</p>
        ) : (
          <ul className="rent-steps">
            {invoice.steps.map(({ step, date, from }) => (
              <li key={`${from}-${step}`}>
                {invoiceMessages.rentStep[step]} {longDate(date)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card rent__section" aria-labelledby="invoice-instalments-heading">
        <h2 id="invoice-instalments-heading">{instalmentMessages.heading}</h2>
        {invoice.split ? (
          <>
            <InstalmentsTable invoice={{ ...invoice, split: invoice.split }} today={today} />
            <p>
              {instalmentMessages.madeBy(
                invoice.split.madeBy,
                londonDate(new Date(invoice.split.madeAt)),
              )}
            </p>
          </>
        ) : (
          <p>{instalmentMessages.notSplit}</p>
        )}
      </section>
    </>
  )
}

const ENTRY = {
  date: 'Date',
  kind: 'Entry',
  amount: 'Amount',
  method: 'Method',
  reference: 'Reference',
  by: 'By',
}

function Entries({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <section className="card rent__section" aria-labelledby="invoice-entries-heading">
      <h2 id="invoice-entries-heading">Payments and corrections</h2>
      {invoice.entries.length === 0 ? (
        <p>{rentMessages.noLedgerEntries}</p>
      ) : (
        <CardTable
          caption="Payments and corrections, in the order recorded"
          columns={Object.values(ENTRY)}
        >
          {invoice.entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={ENTRY.date}>{shortDate(entry.date)}</td>
              <th scope="row">{invoiceMessages.entryKind[entry.kind]}</th>
              <td data-label={ENTRY.amount}>{penceText(entry.amount)}</td>
              <td data-label={ENTRY.method}>
                {entry.method ? invoiceMessages.paymentMethod[entry.method] : ''}
              </td>
              <td data-label={ENTRY.reference} className="rent-wrap">
                {entry.reference}
              </td>
              <td data-label={ENTRY.by}>{entry.createdBy}</td>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  )
}
