import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { shortDate } from '#shared/domain/dates'
import { peopleMessages } from '#shared/messages/people'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { ListActions } from '../../components/ui/list-actions.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { peopleSignInQuery, usePeople } from './api.ts'
import { listPath, modeText, type PeopleMode } from './mode.ts'
import { PeopleRows } from './people-rows.tsx'
import { InviteEveryone } from './invite-everyone.tsx'
import { usePeopleView, type SortKey } from './use-people-view.ts'

// The filter and sort live here, in the layout, so they survive opening and closing a person.
export function PeopleList({ mode, site }: { mode: PeopleMode; site: string }) {
  const text = modeText[mode]
  const query = usePeople(mode, site)
  const [filter, setFilter] = useState('')
  const [sort, setSort] = useState<SortKey>(mode === 'waitinglist' ? 'joined' : 'name')
  const view = usePeopleView(query.data, mode, sort, filter)
  // Asked for once the list is in, so as not to slow the list itself.
  const signIns = useSignInMarks(query.isSuccess)

  return (
    <>
      {/* The index child is the new-person form; 'add' asks it to start afresh with focus. */}
      <div className="button-row people__add">
        <Link className="button" to={listPath(mode)} state={{ add: true }}>
          Add
        </Link>
        {text.related.map((link) => (
          <Link key={link.to} className="button button--quiet" to={link.to}>
            {link.label}
          </Link>
        ))}
        <ListActions
          csvHref={`/api/exports/${mode}.csv`}
          pdf={
            mode === 'plotholders'
              ? { href: '/api/exports/plotholders.pdf', label: 'Download contact list (PDF)' }
              : undefined
          }
        />
      </div>
      <InviteEveryone mode={mode} listShown={query.isSuccess} />
      <div className="toolbar">
        <TextField
          label="Filter"
          type="search"
          name="filter"
          autoComplete="off"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          hint="Name, nickname or phone number"
        />
        <SelectField
          label="Sort by"
          name="sort"
          value={sort}
          onChange={(event) => setSort(event.target.value as SortKey)}
        >
          <option value="name">Last name</option>
          <option value="joined">{text.joinSortLabel}</option>
        </SelectField>
      </div>
      <QueryState query={query}>
        {() => (
          <div
            className={view.stale ? 'people__results people__results--stale' : 'people__results'}
          >
            <p className="count" role="status">
              {text.count(view.matches.length, view.total)}
            </p>
            <PeopleRows
              listKey={`${sort}:${view.filter}`}
              people={view.matches}
              mode={mode}
              signIns={signIns}
              emptyText={
                view.total === 0 ? peopleMessages.noPeopleYet : peopleMessages.noPeopleMatch
              }
            />
          </div>
        )}
      </QueryState>
    </>
  )
}

// Each person who signs in or is invited, with the words their row wears; the others, nothing.
function useSignInMarks(listShown: boolean): ReadonlyMap<string, string> {
  const { data } = useQuery({ ...peopleSignInQuery, enabled: listShown })
  return useMemo(
    () =>
      new Map(
        (data?.people ?? []).map(({ personId, status, since }) => [
          personId,
          status === 'account'
            ? peopleMessages.listSignsIn
            : peopleMessages.listInvited(shortDate(since.slice(0, 10))),
        ]),
      ),
    [data],
  )
}
