import { useQuery } from '@tanstack/react-query'
import { siteMapMessages } from '#shared/messages/site-map'
import { QueryState } from '../ui/query-state.tsx'
import { SiteMap, type SiteMapProps } from './site-map.tsx'
import { siteMapQuery } from './site-map-query.ts'

/** The association's drawing as stored, or a word that there is none yet. */
export function StoredSiteMap(props: Omit<SiteMapProps, 'siteMap'>) {
  const query = useQuery(siteMapQuery)
  return (
    <QueryState query={query}>
      {(siteMap) =>
        siteMap ? <SiteMap siteMap={siteMap} {...props} /> : <p>{siteMapMessages.noSiteMapYet}</p>
      }
    </QueryState>
  )
}
