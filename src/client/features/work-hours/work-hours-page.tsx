import { useQuery } from '@tanstack/react-query'
import { penceInput, parseFee } from '#shared/domain/money'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { hoursText } from '#shared/domain/hours'
import { workHoursMessages as words } from '#shared/messages/work-hours'
import type { StoredWorkHours, WorkHoursRulesInput } from '#shared/schemas/work-hours'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { CardTable } from '#client/components/ui/card-table.tsx'
import { TextField } from '#client/components/ui/field.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { SettingsForm } from '#client/components/ui/settings-form.tsx'
import { useViewer } from '#client/lib/session.ts'
import { useSettingsForm } from '#client/lib/settings-form.ts'
import { saveSettings, settingsQuery, shortListQuery } from './api.ts'
import './work-hours.css'

// The committee's work hours (decision 66): who is short this rent year, by site (a site
// representative sees their sites'), and the hours owed per plot and what an hour is worth.

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
        <QueryState query={settings}>{(saved) => <SettingsFields saved={saved} />}</QueryState>
      ) : null}
    </section>
  )
}

type Draft = { hoursOwed: string; missing: string; beyond: string }

const draftOf = (saved: StoredWorkHours): Draft => ({
  hoursOwed: String(saved.hoursOwed),
  missing: penceInput(saved.missingHourPence),
  beyond: penceInput(saved.beyondHourPence),
})

function read(draft: Draft): Outcome<WorkHoursRulesInput> {
  const hoursOwed = Number(draft.hoursOwed)
  if (draft.hoursOwed.trim() === '' || !(hoursOwed >= 0 && Number.isInteger(hoursOwed * 4)))
    return refuse(words.hoursInQuarters, 'hoursOwed')
  const missing = parseFee(draft.missing)
  if (!missing.ok) return refuse(missing.message, 'missing')
  const beyond = parseFee(draft.beyond)
  if (!beyond.ok) return refuse(beyond.message, 'beyond')
  return ok({ hoursOwed, missingHourPence: missing.value, beyondHourPence: beyond.value })
}

function SettingsFields({ saved }: { saved: StoredWorkHours }) {
  const settings = useSettingsForm({
    saved,
    query: settingsQuery,
    draftOf,
    read,
    save: saveSettings,
    savedNotice: words.settingsSaved,
  })
  const { text } = settings.form
  return (
    <section aria-labelledby="work-hours-settings">
      <h2 id="work-hours-settings">{words.settingsHeading}</h2>
      <SettingsForm state={settings} submitLabel={words.saveSettings}>
        <TextField
          label={words.owedLabel}
          inputMode="decimal"
          error={settings.errorFor('hoursOwed')}
          {...text('hoursOwed')}
        />
        <TextField
          label={words.missingLabel}
          inputMode="decimal"
          error={settings.errorFor('missing')}
          {...text('missing')}
        />
        <TextField
          label={words.beyondLabel}
          inputMode="decimal"
          error={settings.errorFor('beyond')}
          {...text('beyond')}
        />
      </SettingsForm>
    </section>
  )
}
