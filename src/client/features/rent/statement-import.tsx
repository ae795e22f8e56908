import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import { penceText } from '#shared/domain/money'
import { shortDate } from '#shared/domain/dates'
import type { StatementLine } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { CheckboxField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { checkStatement, confirmMatches, invoiceHref } from './api.ts'
import { invoiceName } from './invoice-state.ts'
import { newRequestId } from './request-id.ts'

type CheckedLine = StatementLine & { requestId: string }

const COLUMNS = {
  line: 'Line',
  date: 'Date',
  amount: 'Amount',
  reference: 'Reference',
  invoice: 'Invoice',
}

// A bank statement is checked against the invoices first; the payments it matches are recorded
// only when the treasurer confirms them, each line once however often the button is pressed.
export function StatementImport() {
  const [file, setFile] = useState<File | null>(null)
  // Each checked statement gets a fresh file field.
  const [round, setRound] = useState(0)
  const [lines, setLines] = useState<CheckedLine[] | null>(null)
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set())
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const check = useMutation({ mutationFn: checkStatement })
  const record = useChange({ mutationFn: confirmMatches, invalidates: [queryKeys.rent] })
  const busy = check.isPending || record.isPending

  async function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    if (!file) return setError(commonMessages.inputMissing('The bank statement'))
    setError('')
    setLines(null)
    try {
      // Each line's request id is made once, here: pressing Record payments again after a lost
      // answer sends the same ids, and the server records each line once.
      const checked = (await check.mutateAsync(file)).map((line) => ({
        ...line,
        requestId: newRequestId(),
      }))
      setLines(checked)
      setChosen(new Set(checked.filter((line) => line.match).map((line) => line.line)))
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  async function recordChosen() {
    const matches = (lines ?? []).flatMap((line) =>
      line.match && chosen.has(line.line)
        ? [
            {
              invoiceId: line.match.invoiceId,
              amount: line.amount,
              date: line.date,
              reference: line.reference,
              line: line.line,
              requestId: line.requestId,
            },
          ]
        : [],
    )
    setNotice('')
    if (matches.length === 0) return setError(rentMessages.noPaymentsChosen)
    setError('')
    try {
      const { recorded } = await record.mutateAsync({ matches })
      setNotice(rentMessages.paymentsRecorded(recorded))
      setLines(null)
      setFile(null)
      setRound((count) => count + 1)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  const toggle = (line: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(line)
      else next.delete(line)
      return next
    })

  return (
    <section className="card rent__section" aria-labelledby="rent-statement-heading">
      <h2 id="rent-statement-heading">Import a bank statement</h2>
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          key={round}
          label="Bank statement (CSV)"
          type="file"
          name="file"
          accept=".csv,text/csv"
          hint="The date, amount and reference of each payment"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setLines(null)
          }}
        />
        <div className="button-row">
          <button type="submit" className="button button--quiet" disabled={busy}>
            Check statement
          </button>
          {check.isPending ? <Spinner /> : null}
        </div>
      </form>
      {lines ? (
        <StatementLines
          lines={lines}
          chosen={chosen}
          onToggle={toggle}
          disabled={record.isPending}
        />
      ) : null}
      {lines?.some((line) => line.match) ? (
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void recordChosen()}
          >
            Record payments
          </button>
          {record.isPending ? <Spinner label="Saving" /> : null}
        </div>
      ) : null}
    </section>
  )
}

function StatementLines({
  lines,
  chosen,
  onToggle,
  disabled,
}: {
  lines: CheckedLine[]
  chosen: ReadonlySet<number>
  onToggle: (line: number, on: boolean) => void
  disabled: boolean
}) {
  if (lines.length === 0) return <Alert tone="info">{rentMessages.statementEmpty}</Alert>
  return (
    <CardTable
      caption="The statement's lines and the invoices they pay"
      columns={Object.values(COLUMNS)}
    >
      {lines.map((line) => (
        <tr key={line.line}>
          <th scope="row">
            {line.match ? (
              <CheckboxField
                label={`Line ${line.line}`}
                checked={chosen.has(line.line)}
                disabled={disabled}
                onChange={(event) => onToggle(line.line, event.target.checked)}
              />
            ) : (
              `Line ${line.line}`
            )}
          </th>
          <td data-label={COLUMNS.date}>{shortDate(line.date)}</td>
          <td data-label={COLUMNS.amount}>{penceText(line.amount)}</td>
          <td data-label={COLUMNS.reference} className="rent-wrap">
            {line.reference}
          </td>
          <td data-label={COLUMNS.invoice}>
            {line.match ? (
              <>
                <Link to={invoiceHref(line.match.invoiceId)}>{invoiceName(line.match.number)}</Link>
                , plot {line.match.plotId}, {line.match.payerName}
              </>
            ) : (
              <span className="rent-problem">{line.problem}</span>
            )}
          </td>
        </tr>
      ))}
    </CardTable>
  )
}
