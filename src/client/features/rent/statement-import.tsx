import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import { statementMessages } from '#shared/messages/statement'
import { yearAccountsMessages } from '#shared/messages/year-accounts'
import { payable, statementCounts } from '#shared/domain/statement-groups'
import type { StatementCheck, StatementLayout } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import {
  checkStatement,
  confirmMatches,
  keepBankLines,
  saveStatementLayout,
  tieStatementLine,
} from './api.ts'
import {
  chosenMatches,
  firstChoice,
  withRequestIds,
  type CheckedLine,
  type LineChoice,
} from './statement-choice.ts'
import { StatementColumns } from './statement-columns.tsx'
import { StatementLines } from './statement-lines.tsx'

type Checked = Extract<StatementCheck, { kind: 'lines' }> & { lines: CheckedLine[] }
type ToMap = Extract<StatementCheck, { kind: 'columns' }>

// A bank statement is checked against the invoices first; the payments it matches, and those the
// committee pays to a suggested or chosen invoice, are recorded only when the treasurer confirms
// them. A statement whose columns are unknown is mapped first, and the mapping kept.
export function StatementImport() {
  const [file, setFile] = useState<File | null>(null)
  // Each checked statement gets a fresh file field.
  const [round, setRound] = useState(0)
  // What the last check answered: the lines, or the rows to map (one or the other, never both).
  const [read, setRead] = useState<Checked | ToMap | null>(null)
  const checked = read?.kind === 'lines' ? read : null
  const toMap = read?.kind === 'columns' ? read : null
  // The layout the lines on screen were read with, to read the file again when they are kept.
  const [layoutRead, setLayoutRead] = useState<StatementLayout | undefined>(undefined)
  const [choices, setChoices] = useState<ReadonlyMap<number, LineChoice>>(() => new Map())
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const check = useMutation({ mutationFn: checkStatement })
  const saveLayout = useMutation({ mutationFn: saveStatementLayout })
  const record = useChange({ mutationFn: confirmMatches, invalidates: [queryKeys.rent] })
  const tie = useChange({ mutationFn: tieStatementLine, invalidates: [queryKeys.rent] })
  const keep = useChange({ mutationFn: keepBankLines, invalidates: [queryKeys.rent] })
  const busy =
    check.isPending || record.isPending || saveLayout.isPending || tie.isPending || keep.isPending

  async function checkFile(options: { layout?: StatementLayout; choose?: boolean } = {}) {
    setNotice('')
    if (!file) return setError(commonMessages.inputMissing('The bank statement'))
    setError('')
    // The columns being mapped stay on screen while they are saved and tried.
    setRead((now) => (now?.kind === 'columns' ? now : null))
    try {
      if (options.layout) {
        await saveLayout.mutateAsync(options.layout)
        setNotice(statementMessages.layoutSaved(options.layout.name))
      }
      const result = await check.mutateAsync({ file, ...options })
      if (result.kind === 'columns') return setRead(result)
      const lines = result.lines.map(withRequestIds)
      setLayoutRead(options.layout)
      setRead({ ...result, lines })
      setChoices(new Map(lines.map((line) => [line.line, firstChoice(line)])))
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  // Every line of the statement, in or out, kept for the accounts (issue 47, item 4).
  async function keepLines() {
    const { kept, already } = await keep.mutateAsync({ file: file!, layout: layoutRead })
    return yearAccountsMessages.linesKept(kept, already)
  }

  async function keepOnly() {
    setNotice('')
    setError('')
    try {
      setNotice(await keepLines())
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  // The payments recorded, and the statement's lines kept for the accounts with them.
  async function recordChosen() {
    setNotice('')
    const matches = chosenMatches(checked?.lines ?? [], choices)
    if (!matches.ok) return setError(matches.message)
    setError('')
    try {
      const kept = await keepLines()
      const { recorded } = await record.mutateAsync({ matches: matches.value })
      setNotice(`${rentMessages.paymentsRecorded(recorded)} ${kept}`)
      setRead(null)
      setFile(null)
      setRound((count) => count + 1)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  // A line tied to the payment recorded by hand that it is: done, as a line recorded is.
  async function tieLine(line: CheckedLine) {
    if (!line.byHand) return
    setNotice('')
    setError('')
    try {
      await tie.mutateAsync({ lineId: line.lineId, entryId: line.byHand.entryId })
      setNotice(statementMessages.lineTied(line.line))
      setRead((now) =>
        now?.kind === 'lines'
          ? {
              ...now,
              lines: now.lines.map((other: CheckedLine) =>
                other.lineId === line.lineId ? { ...other, recorded: true, byHand: null } : other,
              ),
            }
          : now,
      )
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  const choose = (line: number, change: Partial<LineChoice>) =>
    setChoices((now) => new Map(now).set(line, { ...now.get(line)!, ...change }))

  const counts = checked && statementCounts(checked.lines)

  return (
    <section className="card rent__section statement" aria-labelledby="rent-statement-heading">
      <h2 id="rent-statement-heading">Import a bank statement</h2>
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      <form
        className="form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          void checkFile()
        }}
        noValidate
      >
        <TextField
          key={round}
          label="Bank statement (CSV, OFX or QIF)"
          type="file"
          name="file"
          accept=".csv,.txt,.ofx,.qif,text/csv,text/plain"
          hint="The file your bank exports: its date, amount and reference for each payment"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setRead(null)
          }}
        />
        <div className="button-row">
          <button type="submit" className="button button--quiet" disabled={busy}>
            Check statement
          </button>
          {check.isPending ? <Spinner /> : null}
        </div>
      </form>
      {toMap ? (
        <StatementColumns
          key={`${round}-${toMap.columnCount}`}
          preview={toMap.preview}
          columnCount={toMap.columnCount}
          busy={busy}
          onRead={(layout) => void checkFile({ layout })}
        />
      ) : null}
      {checked && counts ? (
        <>
          <Alert tone="info">
            {checked.layout
              ? `${statementMessages.readWith(checked.layout)} `
              : checked.canMap
                ? `${statementMessages.readByHeadings} `
                : ''}
            {statementMessages.counts(
              counts.read,
              counts.matched,
              counts.suggested,
              counts.recorded,
              counts.left,
            )}
          </Alert>
          {checked.canMap ? (
            <div className="button-row">
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={() => void checkFile({ choose: true })}
              >
                Choose the columns myself
              </button>
            </div>
          ) : null}
          <StatementLines
            lines={checked.lines}
            choices={choices}
            openInvoices={checked.openInvoices}
            onChoose={choose}
            onTie={(line) => void tieLine(line)}
            disabled={record.isPending || tie.isPending}
          />
          <div className="button-row">
            {checked.lines.some(payable) ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void recordChosen()}
              >
                Record payments
              </button>
            ) : null}
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => void keepOnly()}
            >
              Keep lines for the accounts
            </button>
            {record.isPending || keep.isPending ? <Spinner label="Saving" /> : null}
          </div>
        </>
      ) : null}
    </section>
  )
}
