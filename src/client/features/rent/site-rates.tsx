import { rentMessages } from '#shared/messages/rent'
import type { SiteRentSettings, StoredRentSettings } from '#shared/schemas/rent'
import { SiteOwnSettings } from '#client/components/sites/site-own-settings.tsx'
import { saveSiteRentSettings, siteRentSettingsQuery } from './api.ts'
import {
  AreaRateField,
  BandAndConcessionFields,
  ChargeField,
  ExtrasFields,
} from './rate-fields.tsx'
import { ratesDraftOf, ratesOf } from './settings-draft.ts'

// A site's own rates (issue 46, decision 48): the site chosen (as on the rent screens) is
// charged the organisation's rates, or its own. Nothing to choose with one site.
export function SiteRates({ organisation }: { organisation: StoredRentSettings }) {
  return (
    <SiteOwnSettings
      words={{
        heading: rentMessages.siteRatesHeading,
        chooseSite: rentMessages.chooseSiteForRates,
        legend: rentMessages.siteRatesLegend,
        organisation: rentMessages.organisationRates,
        own: rentMessages.ownRates,
        saved: rentMessages.siteRatesSaved,
        submit: rentMessages.saveSiteRates,
      }}
      className="rent__section"
      formClassName="rent-settings"
      fieldsetClassName="rent-fieldset"
      query={siteRentSettingsQuery}
      save={saveSiteRentSettings}
      ownOf={({ rates }: SiteRentSettings) => rates}
      savedOf={(rates) => ({ rates })}
      organisation={organisation}
      draftOf={ratesDraftOf}
      read={ratesOf}
      fields={(rates) => (
        <>
          <ChargeField {...rates} />
          <AreaRateField {...rates} areaUnit={organisation.areaUnit} />
          <BandAndConcessionFields {...rates} />
          <ExtrasFields {...rates} />
        </>
      )}
    />
  )
}
