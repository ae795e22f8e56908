import { useParams } from 'react-router'
import { usePerson } from './api.ts'
import { usePeopleMode } from './mode-context.tsx'
import { personPath, type PeopleMode } from './mode.ts'
import { PersonState } from './person-state.tsx'
import { RemovePersonForm } from './remove-person-form.tsx'

const removalPath = (mode: PeopleMode, id: string) => `${personPath(mode, id)}/delete`

export function RemovePersonPage() {
  const { id = '' } = useParams()
  const mode = usePeopleMode()
  const query = usePerson(id)
  return (
    <PersonState id={id} mode={mode} query={query} pathOn={removalPath}>
      {(person) => <RemovePersonForm key={person.id} person={person} mode={mode} />}
    </PersonState>
  )
}
