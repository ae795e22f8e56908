import { useCallback, useEffect, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { LEVELS } from '#shared/domain/levels'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { plotMessages } from '#shared/messages/plots'
import { siteMessages } from '#shared/messages/sites'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import { drawnPlots, ownPlotsQuery } from '../../components/site-map/own-plots-query.ts'
import { keysByName, siteMapQuery } from '../../components/site-map/site-map-query.ts'
import { plotsQuery } from '#client/components/plots/plots-query.ts'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { plotPath } from '#client/lib/paths.ts'
import { MY_ALLOTMENT_PATH, useViewer } from '../../lib/session.ts'

// Every member sees each plot's state as finely as the server tells their level (issue 44): a
// plot holder let or vacant, land access the rent too, the committee the offers too. Those who
// may open a plot's page (level 2 up, as the plots screens) open it from here. A member's own
// plots are marked, with the way to My allotment (issue 29); an account linked to no one simply
// sees the map, without asking for plots it has none of. Each site has its own drawing: with
// several, the map waits for one to be chosen (decision 49), except for a member with a plot:
// the site of their first plot is chosen for them, and remembered as any choice is.
export function MapPage() {
  const chosen = useChosenSite()
  const hasRecord = useViewer().data?.hasRecord ?? false
  const ownSite = useQuery({ ...ownPlotsQuery, enabled: hasRecord }).data?.[0]?.siteId
  const several = chosen.sites.length > 1
  const { site, choose } = chosen
  useEffect(() => {
    if (site === undefined && several && ownSite !== undefined) choose(ownSite)
  }, [site, several, ownSite, choose])
  const waits = chosen.site === undefined && several
  return (
    <section>
      <PageHeading>Site map</PageHeading>
      <SiteChooser chosen={chosen} />
      {waits ? (
        <p>{siteMessages.chooseSiteForMap}</p>
      ) : (
        <SiteMapOf
          site={chosen.site}
          shown={chosen.site ?? chosen.sites[0]?.id}
          several={chosen.sites.length > 1}
        />
      )}
    </section>
  )
}

interface MapOf {
  /** The site asked for; none for the first the viewer sees. */
  site: number | undefined
  /** The site whose drawing that is, once the sites are in: the member's plots on it are marked. */
  shown: number | undefined
  several: boolean
}

function SiteMapOf({ site, shown, several }: MapOf) {
  const viewer = useViewer().data
  const hasRecord = viewer?.hasRecord ?? false
  const opensPlots = (viewer?.level ?? LEVELS.guest) >= LEVELS.land
  const navigate = useNavigate()
  const { data } = useQuery({ ...ownPlotsQuery, enabled: hasRecord })
  const siteMap = useQuery(siteMapQuery(site)).data
  // The drawing names a plot as its site does ("1"); its page is at its key ("1-2"), which is
  // the name itself where there is one site.
  const { data: plots } = useQuery({ ...plotsQuery(site), enabled: opensPlots && several })
  const names = useMemo(
    () => drawnPlots(siteMap, data ?? [], shown).map((plot) => plot.name),
    [data, siteMap, shown],
  )
  const ownPlots = useMemo(() => new Set(names), [names])
  const keyOf = useMemo(() => keysByName(plots ?? []), [plots])
  const open = useCallback((name: string) => navigate(plotPath(keyOf(name))), [navigate, keyOf])
  return (
    <>
      {names.length > 0 ? (
        <p>
          {myAllotmentMessages.yourPlotMarked(names)}{' '}
          <Link to={MY_ALLOTMENT_PATH}>My allotment</Link>
        </p>
      ) : null}
      {opensPlots && siteMap ? <p>{plotMessages.choosePlotOnMap}</p> : null}
      <StoredSiteMap
        title="Map of the allotment site with its numbered plots"
        showStates
        ownPlots={ownPlots}
        site={site}
        {...(opensPlots ? { onSelectPlot: open } : {})}
      />
    </>
  )
}
