import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { deletePerson, movePerson } from './api.ts'
import { listPath, modeText, personPath, type PeopleMode } from './mode.ts'
import { usePeopleChange } from './people-change.ts'
import { useFocusOnMount } from './use-focus.ts'

type Choice = 'move' | 'delete'

// Spec "Plotholder delete screen" and section 4. The server checks the move rules on fresh rows,
// so its refusal ('This person has plots', ...) is what the user sees; nothing changes then.
export function RemovePersonForm({ person, mode }: { person: Person; mode: PeopleMode }) {
  const text = modeText[mode]
  const [choice, setChoice] = useState<Choice>('move')
  const [error, setError] = useState('')
  const navigate = useNavigate()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const ids = useId()
  const run = usePeopleChange({
    mutationFn: async (chosen: Choice) => {
      await (chosen === 'move' ? movePerson(person.id, mode) : deletePerson(person.id))
    },
    shows: (_, chosen) => ({ removed: person.id, from: chosen === 'move' ? mode : undefined }),
  })

  async function proceed(event: FormEvent) {
    event.preventDefault()
    setError('')
    try {
      await run.mutateAsync(choice)
    } catch (failure) {
      return setError(errorMessage(failure))
    }
    const notice =
      choice === 'move' ? text.movedNotice(person.id) : peopleMessages.personDeleted(person.id)
    await navigate(listPath(mode), { state: { notice } })
  }

  return (
    <section className="card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} ref={heading} tabIndex={-1}>
        {text.removeTitle(person.id)}
      </h2>
      <form className="form" onSubmit={proceed}>
        <Alert>{error}</Alert>
        <RadioGroup
          className="people__choices"
          legend={peopleMessages.removeChoice(person.id)}
          name="action"
          options={[
            { value: 'move', label: text.moveLabel },
            { value: 'delete', label: 'Delete the person record' },
          ]}
          value={choice}
          onChange={setChoice}
        />
        <div className="button-row">
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void navigate(personPath(mode, person.id))}
          >
            Cancel
          </button>
          <button
            type="submit"
            className={choice === 'delete' ? 'button button--danger' : 'button'}
            disabled={run.isPending}
          >
            Proceed
          </button>
          {run.isPending ? <Spinner label="Working" /> : null}
        </div>
      </form>
    </section>
  )
}
