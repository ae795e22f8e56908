import { useQuery } from '@tanstack/react-query'
import { lettingMessages } from '#shared/messages/letting'
import { sitesQuery } from '#client/components/sites/sites-query.ts'
import { CheckboxField } from '#client/components/ui/field.tsx'

/**
 * The sites whose lists an applicant chooses (issue 46): the organisation's open sites, one box
 * each; nothing where there is one (that site is implied). The server checks how many may be
 * chosen.
 */
export function SiteChoices({
  chosen,
  onChange,
  most,
}: {
  chosen: readonly number[]
  onChange: (sites: number[]) => void
  most: number
}) {
  const { data: sites = [] } = useQuery(sitesQuery)
  const open = sites.filter((site) => !site.retiredOn)
  if (open.length < 2) return null
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((site) => site !== id))
  return (
    <fieldset className="apply-sites">
      <legend>{lettingMessages.sitesLegend}</legend>
      <p className="field__hint">{lettingMessages.sitesHint(most)}</p>
      {open.map((site) => (
        <CheckboxField
          key={site.id}
          label={site.name}
          name="sites"
          value={String(site.id)}
          checked={chosen.includes(site.id)}
          onChange={(event) => toggle(site.id, event.target.checked)}
        />
      ))}
    </fieldset>
  )
}
