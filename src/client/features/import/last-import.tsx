import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { longDateAndTime } from '#shared/domain/dates'
import { importMessages } from '#shared/messages/import'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { lastImportQuery, useUndoImport } from './api.ts'

const KIND_NOUNS = { people: 'people', plots: 'plots' } as const

// The last import, while it can be undone: after an import, and whenever the page is opened again.
// Undoing asks first; the server refuses (naming the record) once anything else changed it.
export function LastImport() {
  const last = useQuery(lastImportQuery)
  const undo = useUndoImport()
  const [confirming, setConfirming] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>()
  const run = last.data
  if (!run && !outcome) return null
  const when = run && longDateAndTime(run.createdAt)
  const undoIt = () => {
    if (!run) return
    undo.mutate(run.id, {
      onSuccess: ({ removed, restored }) =>
        setOutcome({ tone: 'success', text: importMessages.importUndone(removed, restored) }),
      onError: (failure) => setOutcome({ tone: 'error', text: errorMessage(failure) }),
      onSettled: () => setConfirming(false),
    })
  }
  return (
    <section className="card" aria-labelledby="import-last-heading">
      <h2 id="import-last-heading">Undo the last import</h2>
      {run && when ? (
        <>
          <p>
            {importMessages.lastImport(
              KIND_NOUNS[run.kind],
              `${when.date} at ${when.time}`,
              run.createdBy,
            )}{' '}
            {importMessages.undoExplained}
          </p>
          {confirming ? (
            <>
              <p>{importMessages.undoConfirm}</p>
              <div className="button-row">
                <button
                  type="button"
                  className="button button--danger"
                  disabled={undo.isPending}
                  onClick={undoIt}
                >
                  Yes, undo the import
                </button>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => setConfirming(false)}
                >
                  Keep the import
                </button>
              </div>
            </>
          ) : (
            <div className="button-row">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setOutcome(undefined)
                  setConfirming(true)
                }}
              >
                Undo this import
              </button>
            </div>
          )}
        </>
      ) : null}
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
    </section>
  )
}
