import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { peopleMessages } from '#shared/messages/people'
import { Alert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import type { NewPerson } from '#shared/schemas/person'
import { createPerson } from './api.ts'
import { usePeopleMode } from './mode-context.tsx'
import { listPath, modeText } from './mode.ts'
import { usePeopleChange } from './people-change.ts'
import { blankDraft, firstIssue, type DraftField } from './person-draft.ts'
import { PersonFields } from './person-fields.tsx'
import { useFocusOnMount } from './use-focus.ts'
import { useNicknameProposal } from './use-nickname-proposal.ts'

// Spec: new forms start in edit mode, and only here may the nickname be chosen. The status
// comes from the list: new people on the waiting list page join the waiting list.
export function NewPersonForm({ focus }: { focus: boolean }) {
  const mode = usePeopleMode()
  const text = modeText[mode]
  const form = useFormValues(() => blankDraft(mode))
  // The nickname follows the name until it is typed by hand; then it is the user's.
  const [nicknameTyped, setNicknameTyped] = useState(false)
  const proposal = useNicknameProposal(form.values.firstName, form.values.lastName, !nicknameTyped)
  const draft = nicknameTyped ? form.values : { ...form.values, id: proposal }
  const [error, setError] = useState('')
  const leave = useUnsavedChanges(form.changed)
  const navigate = useNavigate()
  const heading = useFocusOnMount<HTMLHeadingElement>(focus)
  // Added from a site's waiting list (issue 46), they join that site's list.
  const site = useChosenSite().query
  const create = usePeopleChange({
    mutationFn: (person: NewPerson) => createPerson(person, mode === 'waitinglist' ? site : ''),
    shows: (person) => ({ added: person, to: mode }),
  })
  const headingId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    // The rules (and zod with them) load on the first submit, not before the list can show.
    const { newPersonSchema } = await import('#shared/schemas/person')
    const parsed = newPersonSchema.safeParse({ ...draft, onWaitingList: mode === 'waitinglist' })
    if (!parsed.success) return setError(firstIssue(parsed.error))
    setError('')
    try {
      await create.mutateAsync(parsed.data)
    } catch (failure) {
      return setError(errorMessage(failure))
    }
    leave.saved()
    await navigate(listPath(mode), {
      state: { notice: peopleMessages.personAdded(parsed.data.id) },
    })
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {text.newHeading}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        {leave.prompt}
        <Alert>{error}</Alert>
        <PersonFields
          draft={draft}
          onChange={(field: DraftField, value) => {
            if (field === 'id') setNicknameTyped(true)
            form.change({ [field]: value })
          }}
          readOnly={false}
          nicknameEditable
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={create.isPending}>
            Submit
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void navigate(listPath(mode))}
          >
            Cancel
          </button>
          {create.isPending ? <Spinner label="Saving" /> : null}
        </div>
      </form>
    </section>
  )
}
