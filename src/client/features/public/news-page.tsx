import { useQuery } from '@tanstack/react-query'
import { NewsArticle } from '../../components/news/news-article.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { publishedNewsQuery } from './api.ts'

// The published posts, newest first as the server orders them. With none, the heading alone,
// as the spec's News page is.
export function NewsPage() {
  const news = useQuery(publishedNewsQuery)
  return (
    <section>
      <PageHeading>News</PageHeading>
      <QueryState query={news}>
        {(posts) => posts.map((post) => <NewsArticle key={post.id} post={post} />)}
      </QueryState>
    </section>
  )
}
