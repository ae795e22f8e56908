import { siteSettingsMessages } from '#shared/messages/site-settings'
import type { SiteInspectionSettings, StoredInspectionSettings } from '#shared/schemas/inspections'
import { SiteOwnSettings } from '#client/components/sites/site-own-settings.tsx'
import { saveSiteInspectionSettings, siteInspectionSettingsQuery } from './api.ts'
import { standardsDraftOf, standardsOf } from './settings-draft.ts'
import { StandardsFields } from './standards-fields.tsx'

// How a site's plots are judged and chased (issue 46, decision 53): the site chosen goes by the
// organisation's grades and notices, or its own; the letters stay the organisation's. Nothing to
// choose with one site.
export function SiteStandards({ organisation }: { organisation: StoredInspectionSettings }) {
  return (
    <SiteOwnSettings
      words={siteSettingsMessages.standards}
      query={siteInspectionSettingsQuery}
      save={saveSiteInspectionSettings}
      ownOf={({ standards }: SiteInspectionSettings) => standards}
      savedOf={(standards) => ({ standards })}
      organisation={organisation}
      draftOf={standardsDraftOf}
      read={standardsOf}
      fields={(standards) => (
        <>
          <StandardsFields {...standards} />
          <p className="field__hint">{siteSettingsMessages.lettersHint}</p>
        </>
      )}
    />
  )
}
