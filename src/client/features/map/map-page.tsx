import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import { drawnPlots, ownPlotsQuery } from '../../components/site-map/own-plots-query.ts'
import { siteMapQuery } from '../../components/site-map/site-map-query.ts'
import { MY_ALLOTMENT_PATH, useViewer } from '../../lib/session.ts'

// Plotholders (level 1) see the drawing only: no tenancy shading, which would need /api/plots.
// A member's own plots are marked, with the way to My allotment (issue 29); an account linked
// to no one simply sees the map, without asking for plots it has none of.
export function MapPage() {
  const hasRecord = useViewer().data?.hasRecord ?? false
  const { data } = useQuery({ ...ownPlotsQuery, enabled: hasRecord })
  const siteMap = useQuery(siteMapQuery).data
  const ids = useMemo(
    () =>
      drawnPlots(
        siteMap,
        (data ?? []).map((plot) => plot.id),
      ),
    [data, siteMap],
  )
  const ownPlots = useMemo(() => new Set(ids), [ids])
  return (
    <section>
      <PageHeading>Site map</PageHeading>
      {ids.length > 0 ? (
        <p>
          {myAllotmentMessages.yourPlotMarked(ids)} <Link to={MY_ALLOTMENT_PATH}>My allotment</Link>
        </p>
      ) : null}
      <StoredSiteMap
        title="Map of the allotment site with its numbered plots"
        ownPlots={ownPlots}
      />
    </section>
  )
}
