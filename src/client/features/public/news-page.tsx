import { useQuery } from '@tanstack/react-query'
import { newsMessages } from '#shared/messages/news'
import { NewsArticle } from '../../components/news/news-article.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { publishedNewsQuery } from './api.ts'
import { PublicEvents } from './public-events.tsx'

// The published posts, newest first as the server orders them. With none, the spec's heading and a
// line saying so: a heading alone read as a page that failed to load.
export function NewsPage() {
  const news = useQuery(publishedNewsQuery)
  return (
    <section>
      <PageHeading>News</PageHeading>
      <PublicEvents />
      <QueryState query={news}>
        {(posts) =>
          posts.length === 0 ? (
            <p>{newsMessages.noNewsYet}</p>
          ) : (
            posts.map((post) => <NewsArticle key={post.id} post={post} />)
          )
        }
      </QueryState>
    </section>
  )
}
