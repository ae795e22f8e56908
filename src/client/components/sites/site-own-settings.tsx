import { useId, type ReactNode } from 'react'
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query'
import { ok, type Outcome } from '#shared/domain/outcome'
import type { Site } from '#shared/schemas/site'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { RadioGroup } from '#client/components/ui/field.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { SettingsForm } from '#client/components/ui/settings-form.tsx'
import { useSettingsForm } from '#client/lib/settings-form.ts'

// Issue 46, decisions 48 and 53: a section under the organisation's settings where the site
// chosen (as on the lists) goes by the organisation's values, or by its own, which start from the
// organisation's. One way for rent's rates, letting's offers and inspections' standards; nothing
// to choose with one site.

/** The words of one such section, from the feature's messages. */
export interface SiteOwnWords {
  heading: string
  /** Shown until a site is chosen. */
  chooseSite: string
  legend: string
  organisation: string
  own: string
  saved: (site: string) => string
  submit: string
}

/** What a site's own values' fields are given: the draft, and the problem with each field. */
export interface OwnFields<Draft> {
  values: Draft
  change: (patch: Partial<Draft>) => void
  errorFor: (field: keyof Draft) => string | undefined
}

interface SiteOwnOptions<Saved extends { version: number }, Own, Draft extends object> {
  words: SiteOwnWords
  /** The feature's own class names: the section's, the form's and its choice's fieldset. */
  className?: string
  formClassName?: string
  fieldsetClassName?: string
  query: (siteId: number) => { queryKey: QueryKey; queryFn?: QueryFunction<Saved, never> }
  save: (siteId: number) => (settings: Saved) => Promise<Saved>
  /** The site's own values in what was saved, or null; and the saved value of own values. */
  ownOf: (saved: Saved) => Own | null
  savedOf: (own: Own | null) => Omit<Saved, 'version'>
  /** The organisation's values, which a site's own start from. */
  organisation: Own
  draftOf: (own: Own) => Draft
  read: (draft: Draft) => Outcome<Own>
  fields: (form: OwnFields<Draft>) => ReactNode
}

export function SiteOwnSettings<Saved extends { version: number }, Own, Draft extends object>(
  options: SiteOwnOptions<Saved, Own, Draft>,
) {
  const chosen = useChosenSite()
  const headingId = useId()
  const site = chosen.sites.find((one) => one.id === chosen.site)
  if (chosen.sites.length < 2) return null
  return (
    <section
      className={options.className ? `card ${options.className}` : 'card'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{options.words.heading}</h2>
      <SiteChooser chosen={chosen} />
      {site ? (
        <SiteOwnLoader key={site.id} site={site} options={options} />
      ) : (
        <p>{options.words.chooseSite}</p>
      )}
    </section>
  )
}

function SiteOwnLoader<Saved extends { version: number }, Own, Draft extends object>({
  site,
  options,
}: {
  site: Site
  options: SiteOwnOptions<Saved, Own, Draft>
}) {
  const { queryKey, queryFn } = options.query(site.id)
  // The feature's query, its key's own type given up for the one the component knows.
  const saved = useQuery({ queryKey, queryFn: queryFn as QueryFunction<Saved> })
  return (
    <QueryState query={saved}>
      {(settings) => <SiteOwnForm site={site} saved={settings} options={options} />}
    </QueryState>
  )
}

type SiteDraft<Draft> = Draft & { own: 'yes' | 'no' }

function SiteOwnForm<Saved extends { version: number }, Own, Draft extends object>({
  site,
  saved,
  options,
}: {
  site: Site
  saved: Saved
  options: SiteOwnOptions<Saved, Own, Draft>
}) {
  const { words, ownOf, savedOf, organisation, draftOf, read } = options
  const settings = useSettingsForm({
    saved,
    query: options.query(site.id),
    draftOf: (stored: Saved): SiteDraft<Draft> => {
      const own = ownOf(stored)
      return { ...draftOf(own ?? organisation), own: own ? 'yes' : 'no' }
    },
    read: (draft: SiteDraft<Draft>): Outcome<Omit<Saved, 'version'>> => {
      if (draft.own === 'no') return ok(savedOf(null))
      const own = read(draft)
      return own.ok ? ok(savedOf(own.value)) : own
    },
    save: (value) => options.save(site.id)(value as unknown as Saved),
    savedNotice: words.saved(site.name),
  })
  const { values, change } = settings.form
  return (
    <SettingsForm state={settings} className={options.formClassName} submitLabel={words.submit}>
      <RadioGroup
        legend={words.legend}
        name="own"
        className={options.fieldsetClassName}
        options={[
          { value: 'no', label: words.organisation },
          { value: 'yes', label: words.own },
        ]}
        value={values.own}
        onChange={(own) => change({ own } as Partial<SiteDraft<Draft>>)}
      />
      {values.own === 'yes'
        ? options.fields({
            values,
            change: (patch: Partial<Draft>) => change(patch as Partial<SiteDraft<Draft>>),
            errorFor: (field) =>
              settings.errorFor(field as Extract<keyof SiteDraft<Draft>, string>),
          })
        : null}
    </SettingsForm>
  )
}
