import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { penceInput, penceText, statementPence } from '#shared/domain/money'
import {
  EXPORT_FORMATS,
  type AccountRow,
  type ExportFormat,
  type YearAccounts,
} from '#shared/domain/year-accounts'
import { moneyMessages } from '#shared/messages/money'
import { yearAccountsMessages as words } from '#shared/messages/year-accounts'
import type { Period } from '#shared/schemas/year-accounts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { accountsHref, accountsQuery, bankLinesExportHref, saveOpening } from './api.ts'
import { YearLinks, YearPeriod } from './year-period.tsx'
import './rent.css'

// The year's receipts and payments account (issue 47, item 5): money in and out by category, the
// bank balance at both ends, on screen, as CSV and as the AGM's PDF; the year's lines for the
// bookkeeping packages.

const PACKAGES: Record<ExportFormat, string> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks Online',
  sage: 'Sage Accounting',
}

export function AccountsPage() {
  return (
    <section className="rent">
      <PageHeading>Receipts and payments</PageHeading>
      <YearLinks />
      <YearPeriod>{(period) => <Accounts period={period} />}</YearPeriod>
    </section>
  )
}

function Accounts({ period }: { period: Period }) {
  const accounts = useQuery(accountsQuery(period))
  return (
    <QueryState query={accounts}>
      {(account) => (
        <>
          <section className="card rent__section" aria-labelledby="accounts-heading">
            <h2 id="accounts-heading">{words.accountsTitle}</h2>
            <p>{words.period(account.from, account.to)}</p>
            {account.uncategorised > 0 ? (
              <Alert tone="info">{words.uncategorisedWarning(account.uncategorised)}</Alert>
            ) : null}
            <Side
              title={words.receipts}
              rows={account.receipts}
              total={words.totalReceipts}
              sum={account.totalReceipts}
            />
            <Side
              title={words.payments}
              rows={account.payments}
              total={words.totalPayments}
              sum={account.totalPayments}
            />
            <Balances account={account} />
            <div className="button-row">
              <a
                className="button"
                href={accountsHref(period, 'pdf')}
                target="_blank"
                rel="noreferrer"
              >
                Open the account (PDF)
              </a>
              <a className="button button--quiet" href={accountsHref(period, 'csv')} download>
                Download the account (CSV)
              </a>
            </div>
          </section>
          <OpeningForm
            key={`${period.from}-${account.opening}`}
            from={period.from}
            account={account}
          />
          <section className="card rent__section" aria-labelledby="exports-heading">
            <h2 id="exports-heading">The year’s lines for your bookkeeping</h2>
            <div className="button-row">
              {EXPORT_FORMATS.map((format) => (
                <a
                  key={format}
                  className="button button--quiet"
                  href={bankLinesExportHref(period, format)}
                  download
                >
                  Download for {PACKAGES[format]} (CSV)
                </a>
              ))}
            </div>
          </section>
        </>
      )}
    </QueryState>
  )
}

function Side({
  title,
  rows,
  total,
  sum,
}: {
  title: string
  rows: readonly AccountRow[]
  total: string
  sum: number
}) {
  return (
    <table className="table">
      <caption>{title}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key ?? 'none'}>
            <th scope="row">{row.name}</th>
            <td className="rent-money">{penceText(row.amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{total}</th>
          <td className="rent-money">
            <strong>{penceText(sum)}</strong>
          </td>
        </tr>
      </tbody>
    </table>
  )
}

const money = (pence: number | null) => (pence === null ? words.openingUnknown : penceText(pence))

function Balances({ account }: { account: YearAccounts }) {
  const source =
    account.openingSource === 'statement'
      ? ` (${words.openingFromStatement})`
      : account.openingSource === 'entered'
        ? ` (${words.openingEntered})`
        : ''
  return (
    <>
      <dl className="rent-facts">
        <Fact
          term={words.surplus}
          value={penceText(account.totalReceipts - account.totalPayments)}
        />
        <Fact term={words.openingBalance} value={`${money(account.opening)}${source}`} />
        <Fact term={words.closingBalance} value={money(account.closing)} />
        {account.statementClosing !== null ? (
          <>
            <Fact term={words.statementClosing} value={penceText(account.statementClosing)} />
            {account.difference !== null ? (
              <Fact term={words.difference} value={penceText(account.difference)} />
            ) : null}
          </>
        ) : null}
        {account.held.map((line) => (
          <Fact key={line.label} term={line.label} value={penceText(line.amount)} />
        ))}
      </dl>
      {account.difference ? <p className="field__hint">{words.differenceHint}</p> : null}
    </>
  )
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rent-facts__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  )
}

function OpeningForm({ from, account }: { from: string; account: YearAccounts }) {
  const [text, setText] = useState(account.opening === null ? '' : penceInput(account.opening))
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const save = useChange({ mutationFn: saveOpening, invalidates: [queryKeys.rent] })
  async function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const balance = statementPence(text)
    if (balance === undefined) return setError(moneyMessages.amountNotMoney)
    setError('')
    try {
      await save.mutateAsync({ from, balance })
      setNotice(words.openingSaved(from))
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }
  return (
    <section className="card rent__section" aria-labelledby="opening-heading">
      <h2 id="opening-heading">{words.openingBalance}</h2>
      <Alert tone="success">{notice}</Alert>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Bank balance at the start of the year (£)"
          inputMode="decimal"
          value={text}
          error={error}
          hint="As the bank statement shows it on the year’s first day; below nought if overdrawn"
          onChange={(event) => setText(event.target.value)}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={save.isPending}>
            Save the balance
          </button>
        </div>
      </form>
    </section>
  )
}
