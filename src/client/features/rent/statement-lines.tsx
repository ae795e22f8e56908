import { Link } from 'react-router'
import { shortDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { LINE_GROUPS, lineGroup, payable, type LineGroup } from '#shared/domain/statement-groups'
import { statementMessages } from '#shared/messages/statement'
import type { StatementInvoice } from '#shared/schemas/rent'
import { usePlotNames, type PlotNames } from '#client/components/sites/plot-names.ts'
import { CardTable } from '../../components/ui/card-table.tsx'
import { CheckboxField, SelectField, TextField } from '../../components/ui/field.tsx'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { useShowMore } from '../../lib/use-show-more.ts'
import { invoiceHref } from './api.ts'
import { invoiceName } from './invoice-state.ts'
import { lineNote, type CheckedLine, type LineChoice } from './statement-choice.ts'

const COLUMNS = {
  line: 'Line',
  date: 'Date',
  amount: 'Amount',
  reference: 'Reference',
  invoice: 'Invoice',
}

const GROUP_TITLES: Record<LineGroup, string> = {
  matched: 'Matched by their invoice reference',
  suggested: 'Suggested: check the invoice, then tick',
  recorded: 'Already recorded',
  left: 'Left alone',
}

// Lines the committee need not look at again are folded away.
const FOLDED: ReadonlySet<LineGroup> = new Set(['recorded', 'left'])

const OTHER = 'other'

const invoiceLabel = (invoice: StatementInvoice, plotNames: PlotNames) =>
  `${invoiceName(invoice.number)}, plot ${plotNames.ofRecord(invoice)}, ${invoice.payerName} (owes ${penceText(invoice.outstanding)})`

interface Props {
  lines: readonly CheckedLine[]
  choices: ReadonlyMap<number, LineChoice>
  openInvoices: readonly StatementInvoice[]
  onChoose: (line: number, choice: Partial<LineChoice>) => void
  /** Ties the line to the payment recorded by hand that it seems to be. */
  onTie: (line: CheckedLine) => void
  disabled: boolean
}

// A long statement (a council's month) shows a page of each group at a time.
const PAGE_SIZE = 100

// A checked statement's lines in their groups, each with the invoice it pays: matched ones
// ticked, suggested ones offered, any money in payable to an invoice the committee chooses.
export function StatementLines(props: Props) {
  return LINE_GROUPS.map((group) => (
    <LineGroupRows
      key={group}
      group={group}
      lines={props.lines.filter((line) => lineGroup(line) === group)}
      rows={props}
    />
  ))
}

function LineGroupRows({
  group,
  lines,
  rows,
}: {
  group: LineGroup
  lines: readonly CheckedLine[]
  rows: Props
}) {
  const { visible, hidden, showMore } = useShowMore(lines, PAGE_SIZE, rows.lines)
  if (lines.length === 0) return null
  const title = `${GROUP_TITLES[group]} (${lines.length})`
  const table = (
    <>
      <CardTable caption={title} columns={Object.values(COLUMNS)}>
        {visible.map((line) => (
          <LineRow key={line.line} line={line} {...rows} />
        ))}
      </CardTable>
      <ShowMore hidden={hidden} onShowMore={showMore} />
    </>
  )
  return FOLDED.has(group) ? (
    <details className="statement__group">
      <summary>{title}</summary>
      {table}
    </details>
  ) : (
    <section className="statement__group" aria-label={title}>
      <h3>{title}</h3>
      {table}
    </section>
  )
}

function LineRow({
  line,
  choices,
  openInvoices,
  onChoose,
  onTie,
  disabled,
}: Props & { line: CheckedLine }) {
  const choice = choices.get(line.line)
  const note = lineNote(line, choice, openInvoices)
  const plotNames = usePlotNames()
  return (
    <tr>
      <th scope="row">
        {choice && payable(line) ? (
          <CheckboxField
            label={`Line ${line.line}`}
            checked={choice.on}
            disabled={disabled}
            onChange={(event) => onChoose(line.line, { on: event.target.checked })}
          />
        ) : (
          `Line ${line.line}`
        )}
      </th>
      <td data-label={COLUMNS.date}>{line.date ? shortDate(line.date) : ''}</td>
      <td data-label={COLUMNS.amount}>{penceText(line.amount)}</td>
      <td data-label={COLUMNS.reference} className="rent-wrap">
        {line.reference}
      </td>
      <td data-label={COLUMNS.invoice}>
        {line.recorded ? (
          statementMessages.alreadyRecorded
        ) : line.match ? (
          <>
            <Link to={invoiceHref(line.match.invoiceId)}>{invoiceName(line.match.number)}</Link>,
            plot {plotNames.ofRecord(line.match)}, {line.match.payerName}
          </>
        ) : (
          <>
            {/* Suggested: the missing reference goes without saying. */}
            {line.problem && line.suggestions.length === 0 ? (
              <span className="rent-problem">{line.problem}</span>
            ) : null}
            {choice && payable(line) ? (
              <InvoiceChoice
                line={line}
                choice={choice}
                openInvoices={openInvoices}
                onChoose={(change) => onChoose(line.line, change)}
                disabled={disabled}
              />
            ) : null}
          </>
        )}
        {note ? <p className="rent-note">{note}</p> : null}
        {line.byHand && !line.recorded ? (
          <div className="statement__by-hand">
            <p>
              {statementMessages.recordedByHand(
                line.byHand.date,
                penceText(line.byHand.amount),
                invoiceName(line.byHand.number),
              )}
            </p>
            <button
              type="button"
              className="button button--quiet"
              disabled={disabled}
              onClick={() => onTie(line)}
            >
              Tie line {line.line} to this payment
            </button>
          </div>
        ) : null}
      </td>
    </tr>
  )
}

// A suggestion, or (ticked) an invoice chosen by hand, and a second sharing the sum.
function InvoiceChoice({
  line,
  choice,
  openInvoices,
  onChoose,
  disabled,
}: {
  line: CheckedLine
  choice: LineChoice
  openInvoices: readonly StatementInvoice[]
  onChoose: (change: Partial<LineChoice>) => void
  disabled: boolean
}) {
  const plotNames = usePlotNames()
  // Only a line being paid by hand lists every invoice still owing.
  const invoiceOptions = () =>
    openInvoices.map((invoice) => (
      <option key={invoice.invoiceId} value={invoice.invoiceId}>
        {invoiceLabel(invoice, plotNames)}
      </option>
    ))
  return (
    <div className="statement__choice">
      {line.suggestions.length > 0 ? (
        <SelectField
          label={`Line ${line.line} pays`}
          value={String(choice.pick)}
          disabled={disabled}
          onChange={(event) =>
            onChoose({ pick: event.target.value === OTHER ? OTHER : Number(event.target.value) })
          }
        >
          {line.suggestions.map((parts, index) => (
            <option key={index} value={index}>
              {parts
                .map((part) =>
                  parts.length > 1
                    ? `${penceText(part.amount)} to ${invoiceLabel(part.invoice, plotNames)}`
                    : invoiceLabel(part.invoice, plotNames),
                )
                .join(' and ')}
            </option>
          ))}
          <option value={OTHER}>Another invoice…</option>
        </SelectField>
      ) : null}
      {choice.on && choice.pick === OTHER ? (
        <>
          <SelectField
            label={`Invoice for line ${line.line}`}
            value={choice.first}
            disabled={disabled}
            onChange={(event) => onChoose({ first: event.target.value })}
          >
            <option value="">Choose an invoice</option>
            {invoiceOptions()}
          </SelectField>
          <SelectField
            label={`Second invoice for line ${line.line} (if two share it)`}
            value={choice.second}
            disabled={disabled}
            onChange={(event) => onChoose({ second: event.target.value })}
          >
            <option value="">None</option>
            {invoiceOptions()}
          </SelectField>
          {choice.second ? (
            <TextField
              label={`Amount to the first invoice (£)`}
              hint={statementMessages.splitRest(penceText(line.amount))}
              inputMode="decimal"
              value={choice.firstAmount}
              disabled={disabled}
              onChange={(event) => onChoose({ firstAmount: event.target.value })}
            />
          ) : null}
        </>
      ) : null}
    </div>
  )
}
