import { PageHeading } from '../../components/ui/page-heading.tsx'
import { SiteMap } from '../../components/site-map/site-map.tsx'

// Plotholders (level 1) see the drawing only: no tenancy shading, which would need /api/plots.
export function MapPage() {
  return (
    <section>
      <PageHeading>Site map</PageHeading>
      <SiteMap title="Map of the allotment site with its numbered plots" />
    </section>
  )
}
