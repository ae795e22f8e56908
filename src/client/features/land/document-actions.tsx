import { useState, type FormEvent } from 'react'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { commonMessages } from '#shared/messages/common'
import type { LandDocument } from '#shared/schemas/land-documents'
import { changeLandDocument, deleteLandDocument } from './api.ts'

interface Props {
  document: LandDocument
  position: number
  last: boolean
}

// Committee only (the server refuses these below level 3 whatever the screen shows). Button
// names carry the document's name for screen readers, who hear them out of their row.
export function DocumentActions({ document, position, last }: Props) {
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(document.name)
  const change = useChange({
    mutationFn: (action: () => Promise<unknown>) => action(),
    invalidates: [queryKeys.land],
    onSuccess: () => setRenaming(false),
  })
  const run = (action: () => Promise<unknown>) => change.mutate(action)
  const busy = change.isPending
  const hidden = <span className="visually-hidden"> {document.name}</span>

  function rename(event: FormEvent) {
    event.preventDefault()
    run(() => changeLandDocument(document.id, { name }))
  }

  function remove() {
    if (!window.confirm(commonMessages.confirmDelete(document.name))) return
    run(() => deleteLandDocument(document.id))
  }

  return (
    <div className="land-document__actions">
      <Alert>{change.isError ? errorMessage(change.error) : null}</Alert>
      {renaming ? (
        <form className="land-rename" onSubmit={rename}>
          <TextField
            label={`New name for ${document.name}`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={200}
          />
          <div className="button-row">
            <button type="submit" className="button" disabled={busy}>
              Save
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setRenaming(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="row-actions">
          <button
            type="button"
            className="button button--quiet"
            disabled={busy}
            onClick={() => setRenaming(true)}
          >
            Rename{hidden}
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={busy || position === 0}
            onClick={() => run(() => changeLandDocument(document.id, { sortOrder: position - 1 }))}
          >
            Move up{hidden}
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={busy || last}
            onClick={() => run(() => changeLandDocument(document.id, { sortOrder: position + 1 }))}
          >
            Move down{hidden}
          </button>
          <button type="button" className="button button--danger" disabled={busy} onClick={remove}>
            Delete{hidden}
          </button>
        </div>
      )}
    </div>
  )
}
