import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { LEVELS } from '#shared/domain/levels'
import { siteMapMessages } from '#shared/messages/site-map'
import { SITE_MAP_DRAWING_PATH } from '#client/lib/paths.ts'
import { useViewer } from '#client/lib/session.ts'
import { QueryState } from '../ui/query-state.tsx'
import { SiteMap, type SiteMapProps } from './site-map.tsx'
import { plotStatesQuery, siteMapQuery } from './site-map-query.ts'

type Props = Omit<SiteMapProps, 'siteMap' | 'states'> & {
  /** Shades each plot by its state, as finely as the server tells this viewer, with a key. */
  showStates?: boolean
  /** The site whose drawing it is; the first the viewer sees when left out. */
  site?: number
}

/**
 * The association's drawing as stored, or a word that there is none yet, with the way to the
 * drawing for whoever may draw it (issue 44).
 */
export function StoredSiteMap({ showStates = false, site, ...props }: Props) {
  const query = useQuery(siteMapQuery(site))
  // Asked for beside the drawing, not after it: the two arrive together.
  const states = useQuery({ ...plotStatesQuery(site), enabled: showStates })
  return (
    <QueryState query={query}>
      {(siteMap) =>
        !siteMap ? (
          <NoSiteMap />
        ) : showStates ? (
          <QueryState query={states}>
            {(told) => <SiteMap siteMap={siteMap} states={told} {...props} />}
          </QueryState>
        ) : (
          <SiteMap siteMap={siteMap} {...props} />
        )
      }
    </QueryState>
  )
}

function NoSiteMap() {
  const level = useViewer().data?.level ?? LEVELS.guest
  const { pathname } = useLocation()
  const mayDraw = level >= LEVELS.admin && pathname !== SITE_MAP_DRAWING_PATH
  return (
    <>
      <p>{siteMapMessages.noSiteMapYet}</p>
      {mayDraw ? (
        <p>
          <Link className="button" to={SITE_MAP_DRAWING_PATH}>
            Draw the site map
          </Link>
        </p>
      ) : null}
    </>
  )
}
