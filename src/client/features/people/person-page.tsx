import { useParams } from 'react-router'
import { usePerson } from './api.ts'
import { usePeopleMode } from './mode-context.tsx'
import { personPath } from './mode.ts'
import { PersonForm } from './person-form.tsx'
import { PersonMessages } from './person-messages.tsx'
import { InvoiceHistory } from '../../components/rent/invoice-history.tsx'
import { PersonState } from './person-state.tsx'
import { WaitingListHistory } from './waiting-list-history.tsx'

export function PersonPage() {
  const { id = '' } = useParams()
  const mode = usePeopleMode()
  const query = usePerson(id)
  return (
    <PersonState id={id} mode={mode} query={query} pathOn={personPath}>
      {(person) => (
        <>
          <PersonForm key={person.id} person={person} mode={mode} loading={query.isPlaceholderData} />
          {person.onWaitingList ? <WaitingListHistory id={person.id} /> : null}
          <InvoiceHistory of="person" id={person.id} heading="h3" />
          <PersonMessages id={person.id} />
        </>
      )}
    </PersonState>
  )
}
