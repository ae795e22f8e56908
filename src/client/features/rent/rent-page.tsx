import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import { londonDate } from '#shared/domain/dates'
import { LEVELS } from '#shared/domain/levels'
import { DEFAULT_RENT_SETTINGS, suggestedYearStart } from '#shared/domain/rent'
import type { RentYear } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'
import { useViewer } from '../../lib/session.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { arrearsQuery, dueQuery, rentSettingsQuery, yearsQuery } from './api.ts'
import { ArrearsList, DueList } from './rent-lists.tsx'
import { PaymentsDownload } from './payments-download.tsx'
import { StartYearForm } from './start-year-form.tsx'
import { StatementImport } from './statement-import.tsx'
import { YearInvoices } from './year-invoices.tsx'
import { YearSummaryCard } from './year-summary.tsx'
import './rent.css'

// Loaded apart: the concessions ending and the deposits held, below the rest of the year's page.
const ConcessionsEnding = lazy(() =>
  import('./concessions-ending.tsx').then((m) => ({ default: m.ConcessionsEnding })),
)
const DepositsHeld = lazy(() =>
  import('./deposits-held.tsx').then((m) => ({ default: m.DepositsHeld })),
)

// The rent year for the committee: where it stands, what is due, who owes, and the treasurer's
// tools (payments, corrections, bank statements, downloads); for the site chosen, or every site
// (issue 46). Starting a year and the bank statement are the whole organisation's (decision 48):
// not offered to an account limited to some sites.
export function RentPage() {
  const years = useQuery(yearsQuery)
  const { data: viewer } = useViewer()
  const admin = (viewer?.level ?? 0) >= LEVELS.admin
  const everySite = viewer?.sites === null
  const chosen = useChosenSite()
  return (
    <section className="rent">
      <PageHeading>Rent</PageHeading>
      {admin || everySite ? (
        <p className="button-row">
          {admin ? (
            <Link className="link-target" to="/members/rent/settings">
              Rent settings
            </Link>
          ) : null}
          {everySite ? (
            <>
              <Link className="link-target" to="/members/rent/bank-lines">
                Bank lines
              </Link>
              <Link className="link-target" to="/members/rent/accounts">
                Receipts and payments
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <SiteChooser chosen={chosen} />
      <QueryState query={years}>
        {(list) => (
          <RentYears years={list} admin={admin} everySite={everySite} site={chosen.site} />
        )}
      </QueryState>
    </section>
  )
}

function RentYears({
  years,
  admin,
  everySite,
  site,
}: {
  years: RentYear[]
  admin: boolean
  everySite: boolean
  site: number | undefined
}) {
  // Newest first: the current year unless another is chosen.
  const [chosenId, setChosenId] = useState<number | undefined>(undefined)
  const year = years.find((y) => y.id === chosenId) ?? years[0]
  return (
    <>
      {year ? (
        <section className="card rent__section" aria-labelledby="rent-year-heading">
          <h2 id="rent-year-heading">Rent year {year.label}</h2>
          {years.length > 1 ? (
            <SelectField
              label="Rent year"
              value={String(year.id)}
              onChange={(event) => setChosenId(Number(event.target.value))}
            >
              {years.map((y) => (
                <option key={y.id} value={y.id}>
                  {y.label}
                </option>
              ))}
            </SelectField>
          ) : null}
          <YearSummaryCard year={year} site={site} />
        </section>
      ) : (
        <p>{rentMessages.noRentYear}</p>
      )}
      {everySite ? <StartYear years={years} admin={admin} /> : null}
      <InvoiceViews year={year} site={site} />
      <PaymentsDownload
        key={year?.id}
        from={year?.startDate ?? `${londonDate(new Date()).slice(0, 4)}-01-01`}
        site={site}
      />
      {everySite ? <StatementImport /> : null}
      <Suspense fallback={null}>
        <ConcessionsEnding />
        <DepositsHeld />
      </Suspense>
    </>
  )
}

// What is due today, the arrears and the year's invoices, one at a time: an invoice can be in all
// three, and on a phone the three lists one under another ran to 18,000 px.
function InvoiceViews({ year, site }: { year: RentYear | undefined; site: number | undefined }) {
  const [view, setView] = useState<'due' | 'arrears' | 'invoices'>('due')
  const due = useQuery(dueQuery(site))
  const arrears = useQuery(arrearsQuery(site))
  const counted = (label: string, list: unknown[] | undefined) =>
    list ? `${label} (${list.length})` : label
  return (
    <Tabs
      label="Invoices to see"
      chosen={view}
      onChoose={setView}
      tabs={[
        { key: 'due', label: counted('Due today', due.data), panel: () => <DueList site={site} /> },
        {
          key: 'arrears',
          label: counted('Arrears', arrears.data),
          panel: () => <ArrearsList site={site} />,
        },
        {
          key: 'invoices',
          label: 'Invoices',
          panel: () =>
            year ? (
              <YearInvoices key={year.id} year={year} site={site} />
            ) : (
              <p>{invoiceMessages.noInvoices}</p>
            ),
        },
      ]}
    />
  )
}

// The suggestion is the start of the year the society is in until that is started, by the
// administrator's setting of the year's first day; the committee, who cannot read the settings,
// get the day the last year started on.
function StartYear({ years, admin }: { years: RentYear[]; admin: boolean }) {
  const settings = useQuery({ ...rentSettingsQuery, enabled: admin })
  const [notice, setNotice] = useState('')
  if (admin && settings.isPending) return <Spinner />
  const yearStart =
    settings.data?.yearStart ?? years[0]?.startDate.slice(5) ?? DEFAULT_RENT_SETTINGS.yearStart
  const suggested = suggestedYearStart(
    years.map((year) => year.startDate),
    yearStart,
    londonDate(new Date()),
  )
  return (
    <section className="card rent__section" aria-labelledby="rent-start-heading">
      <h2 id="rent-start-heading">Start a rent year</h2>
      <Alert tone="success">{notice}</Alert>
      {/* A fresh form (and preview) once the year started moves the suggestion on. */}
      <StartYearForm key={suggested} suggested={suggested} onStarted={setNotice} />
    </section>
  )
}
