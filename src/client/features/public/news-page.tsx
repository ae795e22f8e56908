import { PageHeading } from '../../components/ui/page-heading.tsx'

export function NewsPage() {
  return <PageHeading>News</PageHeading>
}
