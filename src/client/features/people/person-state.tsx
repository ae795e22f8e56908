import type { ReactNode } from 'react'
import { Link, Navigate } from 'react-router'
import type { UseQueryResult } from '@tanstack/react-query'
import { commonMessages } from '#shared/messages/common'
import type { Person } from '#shared/schemas/person'
import { Alert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { listPath, modeText, otherMode, type PeopleMode } from './mode.ts'
import { useFocusOnMount } from './use-focus.ts'

interface Props {
  id: string
  mode: PeopleMode
  query: UseQueryResult<Person>
  // Where the same screen is on the other list, for a person opened under the wrong one.
  pathOn: (mode: PeopleMode, id: string) => string
  children: (person: Person) => ReactNode
}

// The person and removal screens load the same way; a missing person shows 'Error!' (spec 8).
export function PersonState({ id, mode, query, pathOn, children }: Props) {
  if (query.isPending) return <Spinner label={`Loading ${id}`} />
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    return missing ? (
      <MissingPerson detail={errorMessage(query.error)} mode={mode} />
    ) : (
      <Alert>{errorMessage(query.error)}</Alert>
    )
  }
  const person = query.data
  // A move on the other list would reset the person's place in the queue, so the screens for
  // someone on the other list are shown there instead.
  if (!modeText[mode].belongs(person) && modeText[otherMode(mode)].belongs(person)) {
    return <Navigate to={pathOn(otherMode(mode), person.id)} replace />
  }
  return <>{children(person)}</>
}

// The server's words: there is no such person, or (issue 46) which record this one was merged into.
function MissingPerson({ detail, mode }: { detail: string; mode: PeopleMode }) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <section className="card">
      <h2 ref={heading} tabIndex={-1}>
        {commonMessages.error}
      </h2>
      <p>{detail}</p>
      <Link to={listPath(mode)}>Back to the {modeText[mode].listLabel.toLowerCase()}</Link>
    </section>
  )
}
