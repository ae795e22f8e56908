import { PageHeading } from '../../components/ui/page-heading.tsx'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'

// Plotholders (level 1) see the drawing only: no tenancy shading, which would need /api/plots.
export function MapPage() {
  return (
    <section>
      <PageHeading>Site map</PageHeading>
      <StoredSiteMap title="Map of the allotment site with its numbered plots" />
    </section>
  )
}
