import type { ReactNode } from 'react'
import type { SettingsFormState } from '../../lib/settings-form.ts'
import { Alert } from './alert.tsx'
import { SavedNote } from './saved-note.tsx'
import { Spinner } from './spinner.tsx'

interface Props {
  state: SettingsFormState
  className?: string
  submitLabel: string
  children: ReactNode
}

// An administrator's settings form (useSettingsForm): what went wrong above the fields, Reload
// after a conflict, and the save button below them with what it saved beside it.
export function SettingsForm({ state, className, submitLabel, children }: Props) {
  return (
    <form
      className={className ? `form ${className}` : 'form'}
      onSubmit={(event) => void state.submit(event)}
      noValidate
    >
      {state.prompt}
      <Alert>{state.error}</Alert>
      {state.conflict ? (
        <button type="button" className="button button--quiet" onClick={() => void state.reload()}>
          Reload
        </button>
      ) : null}
      {children}
      <div className="button-row">
        <button type="submit" className="button" disabled={state.pending}>
          {submitLabel}
        </button>
        {state.pending ? <Spinner label="Saving" /> : null}
        <SavedNote>{state.notice}</SavedNote>
      </div>
    </form>
  )
}
