import { useQuery } from '@tanstack/react-query'
import { areaText } from '#shared/domain/area'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { siteMessages } from '#shared/messages/sites'
import type { MyPlot } from '#shared/schemas/plot'
import { areaUnitQuery } from '../../components/rent/area-unit-query.ts'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { drawnPlots, ownPlotsQuery } from '../../components/site-map/own-plots-query.ts'
import { siteMapQuery } from '../../components/site-map/site-map-query.ts'
import { sitesQuery } from '../../components/sites/sites-query.ts'

/**
 * Each plot the member holds, by its name, with its site's where the organisation has several
 * (issue 46: the public list of sites, as a plot holder may not read the plots list); and where
 * it is, on a map of each site they hold a plot on.
 */
export function MyPlots() {
  const plots = useQuery(ownPlotsQuery)
  const unit = useQuery(areaUnitQuery).data ?? 'squareMetre'
  const sites = useQuery(sitesQuery).data ?? []
  const several = sites.length > 1
  const siteNames = new Map(sites.map((site) => [site.id, site.name]))
  const nameOf = (plot: MyPlot) => {
    const site = siteNames.get(plot.siteId)
    return several && site ? siteMessages.plotOnSite(plot.name, site) : plot.name
  }
  return (
    <section aria-labelledby="my-plot">
      <h2 id="my-plot">My plot</h2>
      <QueryState query={plots}>
        {(held) => (
          <>
            <ul className="my-allotment__plots">
              {held.map((plot) => (
                <li key={plot.id}>
                  <strong>Plot {nameOf(plot)}</strong>, {areaText(plot.area, unit)}
                  {plot.description ? `: ${plot.description}` : ''}
                  {plot.coTenants.length > 0 ? (
                    <span className="my-allotment__shared">
                      {myAllotmentMessages.sharedWith(plot.coTenants)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            {several ? (
              [...new Set(held.map((plot) => plot.siteId))].map((site) => (
                <PlotsOnMap
                  key={site}
                  site={site}
                  plots={held.filter((plot) => plot.siteId === site)}
                  nameOf={nameOf}
                />
              ))
            ) : (
              // The one site's drawing, asked for with the page's sections (no site named).
              <PlotsOnMap plots={held} nameOf={nameOf} />
            )}
          </>
        )}
      </QueryState>
    </section>
  )
}

// A map with nothing marked would leave the member looking for a plot that is not there.
function PlotsOnMap({
  site,
  plots,
  nameOf,
}: {
  site?: number
  plots: MyPlot[]
  nameOf: (plot: MyPlot) => string
}) {
  const siteMap = useQuery(siteMapQuery(site)).data
  const drawn = drawnPlots(siteMap, plots)
  if (siteMap && drawn.length === 0) return <p>{myAllotmentMessages.notOnMap(plots.map(nameOf))}</p>
  return (
    <StoredSiteMap
      title={myAllotmentMessages.ownPlotOnMap(drawn.map(nameOf))}
      ownPlots={new Set(drawn.map((plot) => plot.name))}
      site={site}
    />
  )
}
