import { siteSettingsMessages } from '#shared/messages/site-settings'
import type { SiteWorkHours, StoredWorkHours } from '#shared/schemas/work-hours'
import { SiteOwnSettings } from '#client/components/sites/site-own-settings.tsx'
import { saveSiteSettings, siteSettingsQuery } from './api.ts'
import { draftOf, rulesOf } from './settings-draft.ts'
import { WorkHoursFields } from './work-hours-fields.tsx'

// A site's own work hours (decision 66, as decision 53's settings): the organisation's, or hours
// and rates of its own. Nothing to choose with one site.
export function SiteWorkHoursSection({ organisation }: { organisation: StoredWorkHours }) {
  const { version: _version, ...rules } = organisation
  return (
    <SiteOwnSettings
      words={siteSettingsMessages.workHours}
      query={siteSettingsQuery}
      save={saveSiteSettings}
      ownOf={({ hours }: SiteWorkHours) => hours}
      savedOf={(hours) => ({ hours })}
      organisation={rules}
      draftOf={draftOf}
      read={rulesOf}
      fields={(form) => <WorkHoursFields {...form} />}
    />
  )
}
