import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { newsMessages } from '#shared/messages/news'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { useUnsavedForms } from '../../lib/unsaved-changes.tsx'
import { allNewsQuery, createNewsPost } from './api.ts'
import { blankDraft } from './news-draft.ts'
import { NewsPostForm } from './news-post-form.tsx'
import { NewsPostItem } from './news-post-item.tsx'
import './news-editor.css'

// The committee's News: write a post, and edit, publish, unpublish or delete any of them.
export function NewsEditorPage() {
  const posts = useQuery(allNewsQuery)
  const unsaved = useUnsavedForms()
  const [notice, setNotice] = useState('')
  // Each saved post is followed by a fresh, empty form.
  const [written, setWritten] = useState(0)

  return (
    <section>
      <PageHeading>News</PageHeading>
      {unsaved.prompt}
      <section className="card news-write" aria-labelledby="news-write-heading">
        <h2 id="news-write-heading">Write a post</h2>
        <Alert tone="success">{notice}</Alert>
        <NewsPostForm
          key={written}
          label="Write a post"
          formKey="new"
          report={unsaved.report}
          initial={blankDraft()}
          save={createNewsPost}
          onSaved={(post) => {
            setNotice(newsMessages.newsPostAdded(post.title, post.published))
            setWritten((count) => count + 1)
          }}
          withPublishNow
        />
      </section>
      <section aria-labelledby="news-posts-heading">
        <h2 id="news-posts-heading">All posts</h2>
        <QueryState query={posts}>
          {(list) =>
            list.length === 0 ? (
              <p>{newsMessages.noNewsPostsYet}</p>
            ) : (
              list.map((post) => <NewsPostItem key={post.id} post={post} report={unsaved.report} />)
            )
          }
        </QueryState>
      </section>
    </section>
  )
}
