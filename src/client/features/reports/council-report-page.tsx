import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { councilReportMessages as words } from '#shared/messages/council-report'
import { penceText } from '#shared/domain/money'
import type { CouncilFigures } from '#shared/schemas/council-report'
import { CardTable } from '../../components/ui/card-table.tsx'
import { SelectField } from '../../components/ui/field.tsx'
import { ListActions } from '../../components/ui/list-actions.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { councilReportCsvHref, councilReportQuery } from './api.ts'
import './reports.css'

const { columns } = words
const COLUMNS = [
  columns.site,
  columns.plots,
  columns.let,
  columns.vacant,
  columns.notLettable,
  columns.waiting,
  columns.lettings,
  columns.averageWait,
  columns.invoiced,
  columns.paid,
  columns.arrears,
] as const

const count = (value: number) => value.toLocaleString('en-GB')

// What councils are asked (issue 46, item 6; decision 52): each site's figures for a year and
// their total, as the committee sends them on; printed from the screen or downloaded as CSV. An
// account limited to some sites sees those and their total: the server decides. One site's figures
// are their own total, so the screen does not repeat them.
export function CouncilReportPage() {
  const [year, setYear] = useState<number | undefined>(undefined)
  const report = useQuery({ ...councilReportQuery(year), placeholderData: keepPreviousData })
  return (
    <section className="council-report">
      <PageHeading>{words.heading}</PageHeading>
      <p>{words.intro}</p>
      <QueryState query={report}>
        {(answer) => (
          <>
            <SelectField
              label={words.yearLabel}
              value={String(answer.year)}
              onChange={(event) => setYear(Number(event.target.value))}
            >
              {answer.years.map((one) => (
                <option key={one} value={one}>
                  {one}
                </option>
              ))}
            </SelectField>
            <ListActions csvHref={councilReportCsvHref(year)} />
            <CardTable caption={words.caption(answer.year)} columns={COLUMNS}>
              {answer.sites.map((site) => (
                <FiguresRow key={site.siteId} name={site.name} figures={site} />
              ))}
              {answer.sites.length > 1 ? (
                <FiguresRow name={words.total} figures={answer.total} />
              ) : null}
            </CardTable>
          </>
        )}
      </QueryState>
    </section>
  )
}

function FiguresRow({ name, figures }: { name: string; figures: CouncilFigures }) {
  const cells: Array<[string, string]> = [
    [columns.plots, count(figures.plots)],
    [columns.let, count(figures.let)],
    [columns.vacant, count(figures.vacant)],
    [columns.notLettable, count(figures.notLettable)],
    [columns.waiting, count(figures.waiting)],
    [columns.lettings, count(figures.lettings)],
    [
      columns.averageWait,
      figures.averageWaitDays === null ? words.noWait : words.days(figures.averageWaitDays),
    ],
    [columns.invoiced, penceText(figures.invoiced)],
    [columns.paid, penceText(figures.paid)],
    [columns.arrears, penceText(figures.arrears)],
  ]
  return (
    <tr>
      <th scope="row" data-label={columns.site}>
        {name}
      </th>
      {cells.map(([label, value]) => (
        <td key={label} data-label={label}>
          {value}
        </td>
      ))}
    </tr>
  )
}
