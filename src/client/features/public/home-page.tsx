import { useQuery } from '@tanstack/react-query'
import type { SiteImage } from '#shared/schemas/site-images'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { siteQuery } from '../../lib/site.ts'
import { SiteText } from './site-text.tsx'

const DEFAULT_PHOTO = {
  url: '/site-photo.svg',
  description: 'Raised beds, a shed and fruit trees on the allotment site in summer',
  width: 960,
  height: 480,
}

// The association's own photo, or the drawing every new site starts with. Until the site's
// details arrive the frame is kept empty at the drawing's shape: showing the drawing first would
// swap one picture for another in front of the visitor.
function HomePhoto({ photo, loading }: { photo?: SiteImage | null; loading: boolean }) {
  if (loading) return <div className="home__photo home__photo--pending" />
  const shown = photo ?? DEFAULT_PHOTO
  return (
    <img
      className="home__photo"
      src={shown.url}
      alt={shown.description}
      width={shown.width}
      height={shown.height}
      fetchPriority="high"
    />
  )
}

export function HomePage() {
  const site = useQuery(siteQuery)
  return (
    <article className="home">
      {/* The association's own heading; until it arrives, a line held empty at its height. */}
      <PageHeading title="Home">{site.data?.homeHeading ?? '\u00a0'}</PageHeading>
      <HomePhoto photo={site.data?.images.homePhoto} loading={site.isPending} />
      <QueryState query={site}>{(info) => <SiteText html={info.homeHtml} />}</QueryState>
    </article>
  )
}
