import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { longDate } from '#shared/domain/dates'
import { siteMessages as m } from '#shared/messages/sites'
import type { Site } from '#shared/schemas/site'
import { plotsQuery } from '#client/components/plots/plots-query.ts'
import { sitesQuery } from '#client/components/sites/sites-query.ts'
import { Alert } from '#client/components/ui/alert.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { useUnsavedForms, type ReportUnsaved } from '#client/lib/unsaved-changes.tsx'
import { useAddSite, useRetireOrReopen, useSaveSite } from './api.ts'
import { NO_SITE_FIELDS, SiteForm } from './site-form.tsx'
import './sites.css'

// The administrator's sites (issue 46): each with its plots, edited in place; retired and brought
// back; a new one added below. Every refusal is the server's (a name taken, plots still let).
export function SitesPage() {
  const sites = useQuery(sitesQuery)
  const plots = useQuery(plotsQuery())
  const unsaved = useUnsavedForms()
  const [notice, setNotice] = useState('')
  const add = useAddSite()
  const counts = new Map<number, number>()
  for (const plot of plots.data ?? []) counts.set(plot.siteId, (counts.get(plot.siteId) ?? 0) + 1)

  return (
    <section className="sites">
      <PageHeading>{m.heading}</PageHeading>
      <p>{m.intro}</p>
      {unsaved.prompt}
      <Alert tone="success">{notice}</Alert>
      <QueryState query={sites}>
        {(rows) => (
          <ul className="sites__list">
            {rows.map((site) => (
              <SiteItem
                key={site.id}
                site={site}
                plots={plots.data ? (counts.get(site.id) ?? 0) : undefined}
                onDone={setNotice}
                report={unsaved.report}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <section className="card" aria-labelledby="add-site-heading">
        <h2 id="add-site-heading">{m.addHeading}</h2>
        <SiteForm
          initial={NO_SITE_FIELDS}
          label={m.addHeading}
          submitLabel={m.addButton}
          save={(fields) => add.mutateAsync(fields)}
          busy={add.isPending}
          onSaved={(fields) => setNotice(m.added(fields.name))}
          report={unsaved.report}
          formKey="add"
        />
      </section>
    </section>
  )
}

interface ItemProps {
  site: Site
  /** Its plots; undefined until the list has come. */
  plots: number | undefined
  onDone: (notice: string) => void
  report: ReportUnsaved
}

function SiteItem({ site, plots, onDone, report }: ItemProps) {
  const [editing, setEditing] = useState(false)
  const save = useSaveSite(site.id)
  const retireOrReopen = useRetireOrReopen(site)
  const headingId = `site-${site.id}`

  function retireOrBringBack() {
    onDone('')
    retireOrReopen.mutate(undefined, {
      onSuccess: (saved) =>
        onDone(saved.retiredOn ? m.retired(saved.name) : m.reopened(saved.name)),
    })
  }

  return (
    <li className="card sites__item" aria-labelledby={headingId}>
      <h2 id={headingId}>{site.name}</h2>
      {site.retiredOn ? <p>{m.retiredOn(longDate(site.retiredOn))}</p> : null}
      {editing ? (
        <SiteForm
          initial={site}
          label={m.editHeading(site.name)}
          submitLabel={m.saveButton}
          save={(fields) => save.mutateAsync({ ...fields, version: site.version })}
          busy={save.isPending}
          onSaved={(fields) => {
            setEditing(false)
            onDone(m.saved(fields.name))
          }}
          onCancel={() => setEditing(false)}
          report={report}
          formKey={`site-${site.id}`}
        />
      ) : (
        <>
          <dl className="sites__facts">
            {plots === undefined ? null : (
              <>
                <dt>Plots</dt>
                <dd>{m.plotCount(plots)}</dd>
              </>
            )}
            {site.address ? (
              <>
                <dt>{m.addressLabel}</dt>
                <dd className="sites__address">{site.address}</dd>
              </>
            ) : null}
            {site.description ? (
              <>
                <dt>{m.descriptionLabel}</dt>
                <dd>{site.description}</dd>
              </>
            ) : null}
            <dt>{m.facilitiesLegend}</dt>
            <dd>
              {site.facilities.length
                ? site.facilities.map((facility) => m.facilities[facility]).join(', ')
                : m.noFacilities}
            </dd>
          </dl>
          <Alert>{retireOrReopen.isError ? errorMessage(retireOrReopen.error) : null}</Alert>
          <div className="button-row">
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                onDone('')
                setEditing(true)
              }}
            >
              {m.editHeading(site.name)}
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={retireOrReopen.isPending}
              onClick={retireOrBringBack}
            >
              {site.retiredOn ? m.reopenButton(site.name) : m.retireButton(site.name)}
            </button>
          </div>
        </>
      )}
    </li>
  )
}
