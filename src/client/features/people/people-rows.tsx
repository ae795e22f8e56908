import { memo, type MouseEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { shortDate } from '#shared/domain/dates'
import { listedName } from '#shared/domain/person-names'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { useShowMore } from '../../lib/use-show-more.ts'
import { listPath, personPath, type PeopleMode } from './mode.ts'
import type { ListedPerson } from './use-people-view.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

// Enough to scroll through; rendering all of 10,000 rows would make every keystroke slow.
const PAGE_SIZE = 200

interface Props {
  people: ListedPerson[]
  mode: PeopleMode
  emptyText: string
  /** Changes with the filter and sort: the list then starts again at one page. */
  listKey: string
  /** What each person who signs in or is invited wears on their row. */
  signIns: ReadonlyMap<string, string>
}

// Memoised: typing in the filter re-renders the toolbar at once, the rows only when the
// deferred result changes. Rows are memoised too, so a person still listed after a keystroke
// keeps their row.
export const PeopleRows = memo(function PeopleRows(props: Props) {
  const { people, mode, emptyText, listKey, signIns } = props
  const { visible, hidden, showMore } = useShowMore(people, PAGE_SIZE, listKey)
  const openId = openPersonId(useLocation().pathname, mode)
  const plotNames = usePlotNames()
  const navigate = useNavigate()
  // One handler for the whole list: plain clicks (and Enter) on a name open the person inside
  // the app; clicks with a modifier key keep the browser's meaning (a new tab...).
  const openPerson = (event: MouseEvent<HTMLUListElement>) => {
    const link = (event.target as Element).closest('a')
    if (
      !link ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    void navigate(link.getAttribute('href')!)
  }
  if (people.length === 0) return <p>{emptyText}</p>
  return (
    <>
      <ul className="people-list" onClick={openPerson}>
        {visible.map((person) => (
          <PersonRow
            key={person.id}
            person={person}
            mode={mode}
            open={person.id === openId}
            signIn={signIns.get(person.id)}
            plots={plotNames.ofKeys(person.plots)}
          />
        ))}
      </ul>
      <ShowMore hidden={hidden} onShowMore={showMore} />
    </>
  )
})

// The person open beside the list (their form, or its delete screen), found once for the list.
function openPersonId(pathname: string, mode: PeopleMode): string | undefined {
  const prefix = `${listPath(mode)}/`
  if (!pathname.startsWith(prefix)) return undefined
  const segment = pathname.slice(prefix.length).split('/')[0]!
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

// A plain link, with the open person worked out once for the list: a router Link or NavLink per
// row costs several hooks each, and a keystroke in the filter can bring 200 new rows.
const PersonRow = memo(function PersonRow({
  person,
  mode,
  open,
  signIn,
  plots,
}: {
  person: ListedPerson
  mode: PeopleMode
  open: boolean
  signIn: string | undefined
  /** Their plots as screens name them ("1, 4 (Northfield)"). */
  plots: string
}) {
  const name = listedName(person) || person.id
  return (
    <li className="people-list__item">
      <a
        className={open ? 'people-list__name active' : 'people-list__name'}
        aria-current={open ? 'page' : undefined}
        href={personPath(mode, person.id)}
      >
        {name}
      </a>
      <span className="people-list__detail">
        {person.id}
        {mode === 'waitinglist' ? (
          <>
            {' · '}No. {person.position} · waiting since {shortDate(person.joinedWaitingList)}
          </>
        ) : (
          <>
            {' · '}
            {person.plots.length > 0
              ? `${person.plots.length === 1 ? 'Plot' : 'Plots'} ${plots}`
              : 'No plots'}
            {' · '}joined {shortDate(person.dateJoined)}
          </>
        )}
        {signIn ? ` · ${signIn}` : null}
      </span>
    </li>
  )
})
