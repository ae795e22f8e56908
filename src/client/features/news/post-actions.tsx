import { commonMessages } from '#shared/messages/common'
import type { NewsPost } from '#shared/schemas/news'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { deleteNewsPost, setPublished } from './api.ts'

interface Props {
  post: NewsPost
  onEdit: () => void
  /** Back from an edit: the keyboard returns to the Edit button it left from. */
  focusEdit: boolean
}

// Button names carry the post's title for screen readers, who hear them out of their post.
export function PostActions({ post, onEdit, focusEdit }: Props) {
  const change = useChange({
    mutationFn: (action: () => Promise<unknown>) => action(),
    invalidates: [queryKeys.news],
  })
  const busy = change.isPending
  const title = <span className="visually-hidden"> {post.title}</span>

  function remove() {
    if (!window.confirm(commonMessages.confirmDelete(post.title))) return
    change.mutate(() => deleteNewsPost(post.id))
  }

  return (
    <>
      <Alert>{change.isError ? errorMessage(change.error) : null}</Alert>
      <div className="row-actions">
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={onEdit}
          autoFocus={focusEdit}
        >
          Edit{title}
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={() => change.mutate(() => setPublished(post, !post.published))}
        >
          {post.published ? 'Unpublish' : 'Publish'}
          {title}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={remove}>
          Delete{title}
        </button>
      </div>
    </>
  )
}
