import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { siteQuery } from '../../lib/site.ts'
import { SiteText } from './site-text.tsx'

export function AboutPage() {
  const site = useQuery(siteQuery)
  return (
    <article>
      <PageHeading>About</PageHeading>
      <QueryState query={site}>{(info) => <SiteText html={info.aboutHtml} />}</QueryState>
    </article>
  )
}
