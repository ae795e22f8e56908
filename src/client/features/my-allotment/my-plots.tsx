import { useQuery } from '@tanstack/react-query'
import { areaText } from '#shared/domain/area'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { areaUnitQuery } from '../../components/rent/area-unit-query.ts'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { drawnPlots, ownPlotsQuery } from '../../components/site-map/own-plots-query.ts'
import { siteMapQuery } from '../../components/site-map/site-map-query.ts'

/** Each plot the member holds, and where it is: marked on the site map. */
export function MyPlots() {
  const plots = useQuery(ownPlotsQuery)
  const unit = useQuery(areaUnitQuery).data ?? 'squareMetre'
  return (
    <section aria-labelledby="my-plot">
      <h2 id="my-plot">My plot</h2>
      <QueryState query={plots}>
        {(held) => (
          <>
            <ul className="my-allotment__plots">
              {held.map((plot) => (
                <li key={plot.id}>
                  <strong>Plot {plot.id}</strong>, {areaText(plot.area, unit)}
                  {plot.description ? `: ${plot.description}` : ''}
                  {plot.coTenants.length > 0 ? (
                    <span className="my-allotment__shared">
                      {myAllotmentMessages.sharedWith(plot.coTenants)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            <PlotsOnMap ids={held.map((plot) => plot.id)} />
          </>
        )}
      </QueryState>
    </section>
  )
}

// A map with nothing marked would leave the member looking for a plot that is not there.
function PlotsOnMap({ ids }: { ids: string[] }) {
  const siteMap = useQuery(siteMapQuery()).data
  const drawn = drawnPlots(siteMap, ids)
  if (siteMap && drawn.length === 0) return <p>{myAllotmentMessages.notOnMap(ids)}</p>
  return <StoredSiteMap title={myAllotmentMessages.ownPlotOnMap(drawn)} ownPlots={new Set(drawn)} />
}
