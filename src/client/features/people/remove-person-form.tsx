import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Refusal } from '#shared/domain/outcome'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import { Alert } from '#client/components/ui/alert.tsx'
import { RadioGroup } from '#client/components/ui/field.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import type { EndingHandle } from '#client/components/tenancy/ending-choice.tsx'
import type { TenancyEnded } from '#client/components/tenancy/tenancy-api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { errorMessage } from '#client/lib/api.ts'
import { deletePerson, movePerson } from './api.ts'
import { displayName, listPath, modeText, personPath, type PeopleMode } from './mode.ts'
import { usePeopleChange } from './people-change.ts'
import { useFocusOnMount } from './use-focus.ts'

// Loaded when chosen: ending a tenancy is rarer than the screen, and brings its questions' words.
const EndingChoice = lazy(() =>
  import('#client/components/tenancy/ending-choice.tsx').then((m) => ({ default: m.EndingChoice })),
)
const TenancyEndedNext = lazy(() =>
  import('#client/components/tenancy/tenancy-ended.tsx').then((m) => ({
    default: m.TenancyEndedNext,
  })),
)

type Choice = 'move' | 'delete' | 'end'

// Spec "Plotholder delete screen" and section 4. The server checks the move rules on fresh rows,
// so its refusal ('This person has plots', ...) is what the user sees; nothing changes then.
// Beside the spec's two choices, a plot holder's tenancy may end (issue 44): the day, why, their
// invoice; they stay on record as a former tenant, and the plot may go to the waiting list.
export function RemovePersonForm({ person, mode }: { person: Person; mode: PeopleMode }) {
  const text = modeText[mode]
  const [choice, setChoice] = useState<Choice>('move')
  const [refused, setRefused] = useState<Refusal>()
  const [ended, setEnded] = useState<Required<TenancyEnded>>()
  const ending = useRef<EndingHandle>(null)
  const navigate = useNavigate()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const ids = useId()
  const name = displayName(person)
  const run = usePeopleChange({
    mutationFn: async (chosen: Choice) => {
      if (chosen === 'end') return ending.current!.send()
      await (chosen === 'move' ? movePerson(person.id, mode) : deletePerson(person.id))
    },
    shows: (output, chosen) =>
      output?.person.isPlotHolder
        ? { saved: output.person }
        : { removed: person.id, from: chosen === 'delete' ? undefined : mode },
    alsoInvalidates: [queryKeys.rent, queryKeys.offers, queryKeys.waitingList],
  })

  async function proceed(event: FormEvent) {
    event.preventDefault()
    // Its questions still loading: nothing to send yet.
    if (choice === 'end' && !ending.current) return
    const refusal = choice === 'end' ? ending.current?.refusal() : undefined
    setRefused(refusal)
    if (refusal) return
    let output: TenancyEnded | void
    try {
      output = await run.mutateAsync(choice)
    } catch (failure) {
      return setRefused({ ok: false, message: errorMessage(failure) })
    }
    if (output?.ending) return setEnded({ ...output, ending: output.ending })
    const notice =
      choice === 'move' ? text.movedNotice(person.id) : peopleMessages.personDeleted(person.id)
    await navigate(listPath(mode), { state: { notice } })
  }

  if (ended)
    return (
      <Suspense fallback={<Spinner />}>
        <TenancyEndedNext ended={ended} name={name} />
        <p>
          <Link className="link-target" to={personPath(mode, person.id)}>
            Back to {name}
          </Link>
        </p>
      </Suspense>
    )

  const options: Array<{ value: Choice; label: string }> = [
    { value: 'move', label: text.moveLabel },
    { value: 'delete', label: 'Delete the person record' },
  ]
  if (mode === 'plotholders' && person.plots.length > 0)
    options.push({ value: 'end', label: peopleMessages.endTenancyChoice })
  const busy = run.isPending
  return (
    <section className="card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} ref={heading} tabIndex={-1}>
        {text.removeTitle(person.id)}
      </h2>
      <form className="form" onSubmit={proceed} noValidate>
        <Alert>{refused?.message}</Alert>
        <RadioGroup
          className="people__choices"
          legend={peopleMessages.removeChoice(person.id)}
          name="action"
          options={options}
          value={choice}
          onChange={(chosen) => {
            setChoice(chosen)
            setRefused(undefined)
          }}
        />
        {choice === 'end' ? (
          <Suspense fallback={<Spinner />}>
            <EndingChoice
              ref={ending}
              personId={person.id}
              plots={person.plots}
              name={name}
              disabled={busy}
              refused={refused}
            />
          </Suspense>
        ) : null}
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
            disabled={busy}
          >
            Proceed
          </button>
          {busy ? <Spinner label="Working" /> : null}
        </div>
      </form>
    </section>
  )
}
