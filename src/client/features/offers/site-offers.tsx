import { siteSettingsMessages } from '#shared/messages/site-settings'
import type { SiteLettingSettings, StoredLettingSettings } from '#shared/schemas/letting'
import { SiteOwnSettings } from '#client/components/sites/site-own-settings.tsx'
import { saveSiteLettingSettings, siteLettingSettingsQuery } from './api.ts'
import { OfferFields } from './offer-fields.tsx'
import { offersDraftOf, offersOf } from './settings-draft.ts'

// How a site's plots are offered (issue 46, decision 53): the site chosen is offered the
// organisation's way, or its own. Nothing to choose with one site.
export function SiteOffers({ organisation }: { organisation: StoredLettingSettings }) {
  return (
    <SiteOwnSettings
      words={siteSettingsMessages.offers}
      query={siteLettingSettingsQuery}
      save={saveSiteLettingSettings}
      ownOf={({ offers }: SiteLettingSettings) => offers}
      savedOf={(offers) => ({ offers })}
      organisation={organisation}
      draftOf={offersDraftOf}
      read={offersOf}
      fields={(offers) => <OfferFields {...offers} />}
    />
  )
}
