import { useDeferredValue, useMemo, useState } from 'react'
import { peopleFilter } from '#shared/domain/people'
import { waitingListOrder } from '#shared/domain/waiting-order'
import { plotMessages } from '#shared/messages/plots'
import type { Person } from '#shared/schemas/person'
import { counted } from '#shared/domain/text'
import { TextField } from '../../components/ui/field.tsx'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { fullName, PersonButton } from './person-button.tsx'
import { useShowMore } from '../../lib/use-show-more.ts'

const PAGE_SIZE = 100

interface Props {
  people: Person[]
  tenants: string[]
  busy: boolean
  onAdd: (personId: string) => void
}

// The left list of the add-tenants screen: everyone who is not yet a tenant of this plot, the
// waiting list first and in its order, each with their place in it, so that the next in line
// is the first button.
export function PeopleToAdd({ people, tenants, busy, onAdd }: Props) {
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const available = useMemo((): Array<Person & { position?: number }> => {
    const addable = (person: Person) => !tenants.includes(person.id)
    // Positions are places in the whole waiting list, tenants of this plot included.
    const queue = waitingListOrder(people).filter(addable)
    return [...queue, ...people.filter((person) => !person.onWaitingList && addable(person))]
  }, [people, tenants])
  const filterAvailable = useMemo(() => peopleFilter(available), [available])
  const matching = useMemo(() => filterAvailable(deferredQuery), [filterAvailable, deferredQuery])
  const { visible, hidden, showMore } = useShowMore(matching, PAGE_SIZE)

  return (
    <section className="card tenants-column" aria-labelledby="people-to-add">
      <h2 id="people-to-add">People</h2>
      <TextField
        label="Find a person"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        hint={plotMessages.findPersonHint}
      />
      <p className="count" aria-live="polite">
        {counted(matching.length, 'person', 'people')}
        {hidden > 0 ? `; showing the first ${visible.length}` : ''}
      </p>
      <ul className="pick-list">
        {visible.map((person) => (
          <PersonButton
            key={person.id}
            personId={person.id}
            name={fullName(person)}
            position={person.position}
            action="Add"
            disabled={busy}
            onPick={onAdd}
          />
        ))}
      </ul>
      <ShowMore hidden={hidden} onShowMore={showMore} className="plots-more" />
    </section>
  )
}
