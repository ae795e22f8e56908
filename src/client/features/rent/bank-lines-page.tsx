import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { BankCategory, CategoryKind } from '#shared/domain/bank-lines'
import { shortDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { yearAccountsMessages as words } from '#shared/messages/year-accounts'
import type { BankLine, Period } from '#shared/schemas/year-accounts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { useShowMore } from '../../lib/use-show-more.ts'
import {
  addBankCategory,
  bankCategoriesQuery,
  bankLinesQuery,
  categoriseLine,
  changeBankCategory,
} from './api.ts'
import { YearLinks, YearPeriod } from './year-period.tsx'
import './rent.css'

// Every bank line in its place (issue 47, item 4): the year's lines kept from statements, those
// not yet categorised first, each with the treasurer's category chooser; a choice teaches the rule
// for the line's payee. The treasurer's categories are added, renamed and retired below.

const SHOWN = {
  all: 'Every line',
  uncategorised: 'Not yet categorised',
  rule: 'Categorised by rule',
  matched: 'Matched payments',
  treasurer: 'Categorised by hand',
} as const
type Shown = keyof typeof SHOWN

const shownBy = (line: BankLine, shown: Shown) =>
  shown === 'all' ||
  (shown === 'uncategorised' ? line.categoryBy === null : line.categoryBy === shown)

const PAGE_SIZE = 100
const COLUMNS = ['Date', 'Amount', 'Words on the statement', 'Category']

export function BankLinesPage() {
  return (
    <section className="rent">
      <PageHeading>Bank lines</PageHeading>
      <YearLinks />
      <YearPeriod>{(period) => <YearLines period={period} />}</YearPeriod>
      <Categories />
    </section>
  )
}

function YearLines({ period }: { period: Period }) {
  const lines = useQuery(bankLinesQuery(period))
  const categories = useQuery(bankCategoriesQuery)
  const [shown, setShown] = useState<Shown>('all')
  const [notice, setNotice] = useState('')
  const [error, setError] = useState('')
  const categorise = useChange({ mutationFn: categoriseLine, invalidates: [queryKeys.rent] })

  async function choose(line: BankLine, categoryKey: string) {
    setNotice('')
    setError('')
    try {
      const { others } = await categorise.mutateAsync({ lineId: line.lineId, categoryKey })
      const name = categories.data?.find((c) => c.key === categoryKey)?.name ?? ''
      setNotice(words.categorised(name, others))
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <QueryState query={lines}>
      {({ lines: all, counts }) => (
        <section className="card rent__section" aria-labelledby="bank-lines-heading">
          <h2 id="bank-lines-heading">The year’s bank lines</h2>
          <p>{words.counts(counts.lines, counts.uncategorised, counts.byRule, counts.matched)}</p>
          <Alert>{error}</Alert>
          <Alert tone="success">{notice}</Alert>
          {all.length === 0 ? (
            <p>{words.noLines}</p>
          ) : (
            <>
              <SelectField
                label="Show"
                value={shown}
                onChange={(event) => setShown(event.target.value as Shown)}
              >
                {Object.entries(SHOWN).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <LineRows
                lines={all.filter((line) => shownBy(line, shown))}
                categories={categories.data ?? []}
                disabled={categorise.isPending}
                onChoose={(line, key) => void choose(line, key)}
              />
            </>
          )}
        </section>
      )}
    </QueryState>
  )
}

function LineRows({
  lines,
  categories,
  disabled,
  onChoose,
}: {
  lines: readonly BankLine[]
  categories: readonly BankCategory[]
  disabled: boolean
  onChoose: (line: BankLine, categoryKey: string) => void
}) {
  const { visible, hidden, showMore } = useShowMore(lines, PAGE_SIZE)
  return (
    <>
      <CardTable caption="The year’s bank lines" columns={COLUMNS}>
        {visible.map((line) => (
          <tr key={line.lineId}>
            <td data-label={COLUMNS[0]}>{shortDate(line.date)}</td>
            <td data-label={COLUMNS[1]} className="rent-money">
              {penceText(line.amount)}
            </td>
            <td data-label={COLUMNS[2]} className="rent-wrap">
              {line.reference}
            </td>
            <td data-label={COLUMNS[3]}>
              <SelectField
                label={`Category of ${line.reference || shortDate(line.date)}`}
                value={line.categoryKey ?? ''}
                disabled={disabled}
                hint={
                  line.categoryBy === 'rule'
                    ? words.byRule
                    : line.categoryBy === 'matched'
                      ? words.matched
                      : undefined
                }
                onChange={(event) => onChoose(line, event.target.value)}
              >
                {line.categoryKey === null ? <option value="">Choose a category</option> : null}
                {(['income', 'spending'] as const).map((kind) => (
                  <optgroup key={kind} label={kind === 'income' ? 'Income' : 'Spending'}>
                    {categories
                      .filter((c) => c.kind === kind && (!c.retired || c.key === line.categoryKey))
                      .map((c) => (
                        <option key={c.key} value={c.key}>
                          {c.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </SelectField>
            </td>
          </tr>
        ))}
      </CardTable>
      <ShowMore hidden={hidden} onShowMore={showMore} />
    </>
  )
}

function Categories() {
  const categories = useQuery(bankCategoriesQuery)
  const [error, setError] = useState('')
  const [name, setName] = useState('')
  const [kind, setKind] = useState<CategoryKind>('income')
  const add = useChange({ mutationFn: addBankCategory, invalidates: [queryKeys.rent] })
  const change = useChange({ mutationFn: changeBankCategory, invalidates: [queryKeys.rent] })
  const busy = add.isPending || change.isPending

  async function run(work: () => Promise<unknown>) {
    setError('')
    try {
      await work()
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <details className="card rent__section">
      <summary>The treasurer’s categories</summary>
      <Alert>{error}</Alert>
      <QueryState query={categories}>
        {(list) => (
          <ul className="rent-categories">
            {list.map((category) => (
              <CategoryRow
                key={`${category.key}-${category.name}`}
                category={category}
                disabled={busy}
                onChange={(next) =>
                  void run(() => change.mutateAsync({ key: category.key, ...next }))
                }
              />
            ))}
          </ul>
        )}
      </QueryState>
      <form
        className="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          void run(async () => {
            await add.mutateAsync({ name, kind })
            setName('')
          })
        }}
      >
        <h3>Add a category</h3>
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
        <SelectField
          label="Income or spending"
          value={kind}
          onChange={(event) => setKind(event.target.value as CategoryKind)}
        >
          <option value="income">Income</option>
          <option value="spending">Spending</option>
        </SelectField>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            Add category
          </button>
        </div>
      </form>
    </details>
  )
}

function CategoryRow({
  category,
  disabled,
  onChange,
}: {
  category: BankCategory
  disabled: boolean
  onChange: (change: { name: string; retired: boolean }) => void
}) {
  const [name, setName] = useState(category.name)
  const kind = category.kind === 'income' ? 'income' : 'spending'
  return (
    <li className="toolbar">
      <TextField
        label={`${category.name} (${kind}${category.retired ? ', retired' : ''})`}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button
        type="button"
        className="button button--quiet"
        disabled={disabled || name.trim() === category.name}
        onClick={() => onChange({ name, retired: category.retired })}
      >
        Rename
      </button>
      <button
        type="button"
        className="button button--quiet"
        disabled={disabled}
        onClick={() => onChange({ name: category.name, retired: !category.retired })}
      >
        {category.retired ? 'Bring back' : 'Retire'}
      </button>
    </li>
  )
}
