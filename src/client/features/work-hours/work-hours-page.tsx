import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { hoursText } from '#shared/domain/hours'
import { workHoursMessages as words } from '#shared/messages/work-hours'
import type { StoredWorkHours } from '#shared/schemas/work-hours'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { CardTable } from '#client/components/ui/card-table.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { SettingsForm } from '#client/components/ui/settings-form.tsx'
import { useViewer } from '#client/lib/session.ts'
import { useSettingsForm } from '#client/lib/settings-form.ts'
import { saveSettings, settingsQuery, shortListQuery } from './api.ts'
import { draftOf, rulesOf } from './settings-draft.ts'
import { WorkHoursFields } from './work-hours-fields.tsx'
import './work-hours.css'

// The committee's work hours (decision 66): who is short this rent year, by site (a site
// representative sees their sites'), and the hours owed per plot and what an hour is worth.

// Loaded apart: a site's own hours, which an organisation with one site never shows.
const SiteWorkHours = lazy(() =>
  import('./site-work-hours.tsx').then((m) => ({ default: m.SiteWorkHoursSection })),
)

const COLUMNS = [words.plotColumn, words.tenantsColumn, words.doneColumn, words.owedColumn]

export function WorkHoursPage() {
  const chosen = useChosenSite()
  const short = useQuery(shortListQuery(chosen.site))
  const settings = useQuery(settingsQuery)
  // The organisation's settings are every site's: not a site representative's to change.
  const everySite = (useViewer().data?.sites ?? null) === null
  const siteName = new Map(chosen.sites.map((site) => [site.id, site.name]))
  return (
    <section className="work-hours">
      <PageHeading>{words.heading}</PageHeading>
      <SiteChooser chosen={chosen} />
      <h2>{words.shortHeading}</h2>
      <QueryState query={short}>
        {(list) => (
          <>
            <p>{words.shortYear(list.from, list.to)}</p>
            {list.plots.length === 0 ? (
              <p>{words.noneShort}</p>
            ) : (
              <CardTable caption={words.shortHeading} columns={COLUMNS}>
                {list.plots.map((plot) => (
                  <tr key={plot.plotId}>
                    <td data-label={COLUMNS[0]}>
                      {chosen.sites.length > 1
                        ? `${plot.plotName} · ${siteName.get(plot.siteId) ?? ''}`
                        : plot.plotName}
                    </td>
                    <td data-label={COLUMNS[1]}>{plot.tenants.join(', ')}</td>
                    <td data-label={COLUMNS[2]}>{hoursText(plot.done)}</td>
                    <td data-label={COLUMNS[3]}>{hoursText(plot.owed)}</td>
                  </tr>
                ))}
              </CardTable>
            )}
          </>
        )}
      </QueryState>
      {everySite ? (
        <QueryState query={settings}>
          {(saved) => (
            <>
              <SettingsFields saved={saved} />
              <Suspense fallback={null}>
                <SiteWorkHours organisation={saved} />
              </Suspense>
            </>
          )}
        </QueryState>
      ) : null}
    </section>
  )
}

function SettingsFields({ saved }: { saved: StoredWorkHours }) {
  const settings = useSettingsForm({
    saved,
    query: settingsQuery,
    draftOf,
    read: rulesOf,
    save: saveSettings,
    savedNotice: words.settingsSaved,
  })
  const { values, change } = settings.form
  return (
    <section aria-labelledby="work-hours-settings">
      <h2 id="work-hours-settings">{words.settingsHeading}</h2>
      <SettingsForm state={settings} submitLabel={words.saveSettings}>
        <WorkHoursFields values={values} change={change} errorFor={settings.errorFor} />
      </SettingsForm>
    </section>
  )
}
