import { memo, useState } from 'react'
import { NavLink } from 'react-router'
import { personPath, type PeopleMode } from './mode.ts'
import type { ListedPerson } from './use-people-view.ts'

// Enough to scroll through; rendering all of 10,000 rows would make every keystroke slow.
const PAGE_SIZE = 200

interface Props {
  people: ListedPerson[]
  mode: PeopleMode
  emptyText: string
}

// Memoised: typing in the filter re-renders the toolbar at once, the rows only when the
// deferred result changes. The parent gives a new key per filter and sort, resetting the limit.
export const PeopleRows = memo(function PeopleRows({ people, mode, emptyText }: Props) {
  const [limit, setLimit] = useState(PAGE_SIZE)
  if (people.length === 0) return <p>{emptyText}</p>
  return (
    <>
      <ul className="people-list">
        {people.slice(0, limit).map((person) => (
          <PersonRow key={person.id} person={person} mode={mode} />
        ))}
      </ul>
      {people.length > limit ? (
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setLimit((shown) => shown + PAGE_SIZE)}
        >
          Show more
        </button>
      ) : null}
    </>
  )
})

function PersonRow({ person, mode }: { person: ListedPerson; mode: PeopleMode }) {
  const name = [person.lastName, person.firstName].filter(Boolean).join(', ') || person.id
  return (
    <li className="people-list__item">
      <NavLink className="people-list__name" to={personPath(mode, person.id)}>
        {name}
      </NavLink>
      <span className="people-list__detail">
        {person.id}
        {mode === 'waitinglist' ? (
          <>
            {' · '}No. {person.position} · waiting since {person.joinedWaitingList}
          </>
        ) : (
          <>
            {' · '}
            {person.plots.length > 0 ? `Plots ${person.plots.join(', ')}` : 'No plots'}
            {' · '}joined {person.dateJoined}
          </>
        )}
      </span>
    </li>
  )
}
