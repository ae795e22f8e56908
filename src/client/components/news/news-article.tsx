import type { ReactNode } from 'react'
import type { NewsPost } from '#shared/schemas/news'
import { longDate } from '#shared/domain/dates'
import { paragraphsOf } from './paragraphs.ts'
import './news.css'

interface Props {
  post: NewsPost
  /** h2 on the News page; h3 where the posts sit under a heading of their own. */
  heading?: 'h2' | 'h3'
  /** Below the text (the committee's actions). */
  children?: ReactNode
}

// One post as the public reads it; the committee's list shows the same, so they see what the
// public will (the public is never sent a draft). React escapes the text: a post can show markup
// but never run it.
export function NewsArticle({ post, heading: Heading = 'h2', children }: Props) {
  return (
    <article className="news-post">
      <Heading className="news-post__title">{post.title}</Heading>
      <p className="news-post__meta">
        <time dateTime={post.date}>{longDate(post.date)}</time>
        {post.published ? null : <strong className="news-post__draft">Draft</strong>}
      </p>
      {paragraphsOf(post.body).map((paragraph, index) => (
        <p key={index} className="news-post__paragraph">
          {paragraph}
        </p>
      ))}
      {children}
    </article>
  )
}
