import { rentMessages } from '#shared/messages/rent'
import type { RentRates, SiteRentSettings, StoredRentSettings } from '#shared/schemas/rent'
import { londonDate } from '#shared/domain/dates'
import { ok } from '#shared/domain/outcome'
import { earliestRaise } from '#shared/domain/rate-raise'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import { SiteOwnSettings } from '#client/components/sites/site-own-settings.tsx'
import { saveSiteRentSettings, siteRentSettingsQuery } from './api.ts'
import {
  AreaRateField,
  BandAndConcessionFields,
  ChargeField,
  ExtrasFields,
  TakesEffectField,
} from './rate-fields.tsx'
import { ratesDraftOf, ratesOf } from './settings-draft.ts'

// A site's own rates (issue 46, decision 48): the site chosen (as on the rent screens) is
// charged the organisation's rates, or its own. Nothing to choose with one site.
/** A site's rates with the day a raise of them takes effect. */
type DatedRates = RentRates & { takesEffect?: string }

// A raise of a site's rates takes effect after the organisation's notice (decision 62): the form
// offers the earliest day; the server takes a lowered rate at once, whatever the day says.
export function SiteRates({ organisation }: { organisation: StoredRentSettings }) {
  const earliest = earliestRaise(londonDate(new Date()), organisation.raiseNoticeMonths)
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
      ownOf={({ rates }: SiteRentSettings): DatedRates | null => rates}
      savedOf={(own) => {
        if (!own) return { rates: null }
        const { takesEffect, ...rates } = own
        const value = { rates, takesEffect }
        return value
      }}
      organisation={organisation}
      draftOf={ratesDraftOf}
      read={(draft) => {
        const rates = ratesOf(draft)
        return rates.ok ? ok({ ...rates.value, takesEffect: draft.takesEffect || earliest }) : rates
      }}
      fields={(rates) => (
        <>
          <ChargeField {...rates} />
          <AreaRateField {...rates} areaUnit={organisation.areaUnit} />
          <BandAndConcessionFields {...rates} />
          <ExtrasFields {...rates} />
          <TakesEffectField
            {...rates}
            earliest={earliest}
            hint={`${rentNoticeMessages.earliestRaise(earliest)}. ${rentNoticeMessages.lowerAtOnce}`}
          />
        </>
      )}
    />
  )
}
