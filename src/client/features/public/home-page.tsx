import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { siteQuery } from '../../lib/site.ts'
import { SiteText } from './site-text.tsx'

export function HomePage() {
  const site = useQuery(siteQuery)
  return (
    <article className="home">
      <PageHeading title="Home">Welcome to our allotments</PageHeading>
      <img
        className="home__photo"
        src="/site-photo.svg"
        alt="Raised beds, a shed and fruit trees on the allotment site in summer"
        width="960"
        height="480"
        fetchPriority="high"
      />
      <QueryState query={site}>{(info) => <SiteText html={info.homeHtml} />}</QueryState>
    </article>
  )
}
