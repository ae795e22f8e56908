import { siteMessages } from '#shared/messages/sites'
import { SelectField } from '#client/components/ui/field.tsx'
import type { ChosenSite } from '#client/components/sites/chosen-site.ts'

/** The choice of site above a list; nothing where the viewer sees one site only. */
export function SiteChooser({ chosen }: { chosen: ChosenSite }) {
  if (chosen.sites.length < 2) return null
  return (
    <div className="site-chooser">
      <SelectField
        label={siteMessages.chooserLabel}
        name="site"
        value={chosen.site ?? ''}
        onChange={(event) =>
          chosen.choose(event.target.value ? Number(event.target.value) : undefined)
        }
      >
        <option value="">{siteMessages.allSites}</option>
        {chosen.sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.retiredOn ? siteMessages.retiredOption(site.name) : site.name}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
