import { useQuery } from '@tanstack/react-query'
import { ok, type Outcome } from '#shared/domain/outcome'
import { rentMessages } from '#shared/messages/rent'
import type { RentRates, SiteRentSettings, StoredRentSettings } from '#shared/schemas/rent'
import type { Site } from '#shared/schemas/site'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { RadioGroup } from '#client/components/ui/field.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { SettingsForm } from '#client/components/ui/settings-form.tsx'
import { useSettingsForm } from '#client/lib/settings-form.ts'
import { saveSiteRentSettings, siteRentSettingsQuery } from './api.ts'
import {
  AreaRateField,
  BandAndConcessionFields,
  ChargeField,
  ExtrasFields,
} from './rate-fields.tsx'
import { ratesDraftOf, ratesOf, type RatesDraft } from './settings-draft.ts'

// A site's own rates (issue 46, decision 48): the site chosen (as on the rent screens) is
// charged the organisation's rates, or its own. Nothing to choose with one site.
export function SiteRates({ organisation }: { organisation: StoredRentSettings }) {
  const chosen = useChosenSite()
  const site = chosen.sites.find((one) => one.id === chosen.site)
  if (chosen.sites.length < 2) return null
  return (
    <section className="card rent__section" aria-labelledby="site-rates-heading">
      <h2 id="site-rates-heading">{rentMessages.siteRatesHeading}</h2>
      <SiteChooser chosen={chosen} />
      {site ? (
        <SiteRatesLoader key={site.id} site={site} organisation={organisation} />
      ) : (
        <p>{rentMessages.chooseSiteForRates}</p>
      )}
    </section>
  )
}

function SiteRatesLoader({ site, organisation }: { site: Site; organisation: StoredRentSettings }) {
  const saved = useQuery(siteRentSettingsQuery(site.id))
  return (
    <QueryState query={saved}>
      {(settings) => <SiteRatesForm site={site} saved={settings} organisation={organisation} />}
    </QueryState>
  )
}

type SiteDraft = RatesDraft & { own: 'yes' | 'no' }

function SiteRatesForm({
  site,
  saved,
  organisation,
}: {
  site: Site
  saved: SiteRentSettings
  organisation: StoredRentSettings
}) {
  // A site charged the organisation's rates starts its own from them.
  const draftOf = ({ rates }: SiteRentSettings): SiteDraft => ({
    ...ratesDraftOf(rates ?? organisation),
    own: rates ? 'yes' : 'no',
  })
  const read = (draft: SiteDraft): Outcome<{ rates: RentRates | null }> => {
    if (draft.own === 'no') return ok({ rates: null })
    const rates = ratesOf(draft)
    return rates.ok ? ok({ rates: rates.value }) : rates
  }
  const settings = useSettingsForm({
    saved,
    query: siteRentSettingsQuery(site.id),
    draftOf,
    read,
    save: saveSiteRentSettings(site.id),
    savedNotice: rentMessages.siteRatesSaved(site.name),
  })
  const { values, change } = settings.form
  const rates = { values, change, errorFor: settings.errorFor }
  return (
    <SettingsForm
      state={settings}
      className="rent-settings"
      submitLabel={rentMessages.saveSiteRates}
    >
      <RadioGroup
        legend={rentMessages.siteRatesLegend}
        name="own"
        className="rent-fieldset"
        options={[
          { value: 'no', label: rentMessages.organisationRates },
          { value: 'yes', label: rentMessages.ownRates },
        ]}
        value={values.own}
        onChange={(own) => change({ own })}
      />
      {values.own === 'yes' ? (
        <>
          <ChargeField {...rates} />
          <AreaRateField {...rates} areaUnit={organisation.areaUnit} />
          <BandAndConcessionFields {...rates} />
          <ExtrasFields {...rates} />
        </>
      ) : null}
    </SettingsForm>
  )
}
