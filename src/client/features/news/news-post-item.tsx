import { useState } from 'react'
import type { NewsPost } from '#shared/schemas/news'
import { NewsArticle } from '../../components/news/news-article.tsx'
import type { ReportUnsaved } from '../../lib/unsaved-changes.tsx'
import { updateNewsPost } from './api.ts'
import { draftOf } from './news-draft.ts'
import { NewsPostForm } from './news-post-form.tsx'
import { PostActions } from './post-actions.tsx'

// One post of the committee's list: as the public sees it with its actions, or its edit form.
export function NewsPostItem({ post, report }: { post: NewsPost; report: ReportUnsaved }) {
  // The version the edit started from: a background refetch must not make a stale edit look
  // fresh, or it would silently overwrite another committee member's change.
  const [editedVersion, setEditedVersion] = useState<number>()
  const [backFromEdit, setBackFromEdit] = useState(false)
  const closeEdit = () => {
    setEditedVersion(undefined)
    setBackFromEdit(true)
  }

  if (editedVersion !== undefined) {
    return (
      <div className="card news-edit">
        <NewsPostForm
          label={`Edit ${post.title}`}
          formKey={`edit-${post.id}`}
          report={report}
          initial={draftOf(post)}
          save={(draft) => updateNewsPost(post.id, { ...draft, version: editedVersion })}
          onSaved={closeEdit}
          onCancel={closeEdit}
        />
      </div>
    )
  }
  return (
    <NewsArticle post={post} heading="h3">
      <PostActions
        post={post}
        onEdit={() => setEditedVersion(post.version)}
        focusEdit={backFromEdit}
      />
    </NewsArticle>
  )
}
