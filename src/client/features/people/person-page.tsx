import { lazy, Suspense, useState } from 'react'
import { useParams } from 'react-router'
import { usePerson } from './api.ts'
import { usePeopleMode } from './mode-context.tsx'
import { personPath } from './mode.ts'
import { PersonForm } from './person-form.tsx'
import { PersonMessages } from './person-messages.tsx'
import { InvoiceHistory } from '../../components/rent/invoice-history.tsx'
import { PersonState } from './person-state.tsx'
import { personalDataMessages } from '#shared/messages/personal-data'
import type { Person } from '#shared/schemas/person'
import { Spinner } from '../../components/ui/spinner.tsx'
import type { PeopleMode } from './mode.ts'
import { PersonalDataDownload } from '../../components/personal-data/personal-data-download.tsx'

// Loaded with its data, after the form: it carries the offers' words, which the person's form
// does without.
const WaitingListHistory = lazy(() =>
  import('./waiting-list-history.tsx').then((m) => ({ default: m.WaitingListHistory })),
)
// Loaded apart too: the tenancies that ended, which most people have none of.
const PersonConcessions = lazy(() =>
  import('../../components/rent/person-concessions.tsx').then((m) => ({
    default: m.PersonConcessions,
  })),
)
const PersonRateNotices = lazy(() =>
  import('../../components/rent/person-rate-notices.tsx').then((m) => ({
    default: m.PersonRateNotices,
  })),
)
const PersonDeposits = lazy(() =>
  import('../../components/rent/person-deposits.tsx').then((m) => ({
    default: m.PersonDeposits,
  })),
)
const PersonKeys = lazy(() =>
  import('../../components/keys/person-keys.tsx').then((m) => ({ default: m.PersonKeys })),
)
const TenancyEnds = lazy(() =>
  import('./tenancy-ends.tsx').then((m) => ({ default: m.TenancyEnds })),
)
// Loaded apart too: whether the person signs in to the website, with its own words.
const PersonSignIn = lazy(() =>
  import('./person-sign-in.tsx').then((m) => ({ default: m.PersonSignIn })),
)
// Loaded apart too: erasing someone's details is rare, and its words are long.
const PersonErasure = lazy(() =>
  import('./person-erasure.tsx').then((m) => ({ default: m.PersonErasure })),
)
// Loaded apart too: only those who applied on the website have a note.
const ApplicationNote = lazy(() =>
  import('./application-note.tsx').then((m) => ({ default: m.ApplicationNote })),
)

export function PersonPage() {
  const { id = '' } = useParams()
  const mode = usePeopleMode()
  const query = usePerson(id)
  return (
    <PersonState id={id} mode={mode} query={query} pathOn={personPath}>
      {(person) => (
        <>
          <PersonForm
            key={person.id}
            person={person}
            mode={mode}
            loading={query.isPlaceholderData}
          />
          <Suspense fallback={null}>
            <ApplicationNote id={person.id} />
            <WaitingListHistory person={person} />
            <TenancyEnds person={person} />
            <PersonConcessions personId={person.id} plots={person.plots} />
            <PersonDeposits personId={person.id} plots={person.plots} />
            <PersonRateNotices personId={person.id} />
            <PersonKeys personId={person.id} />
          </Suspense>
          <InvoiceHistory of="person" id={person.id} heading="h3" />
          <PersonMessages id={person.id} />
          <Suspense fallback={null}>
            <PersonSignIn id={person.id} hasEmail={person.email !== ''} />
          </Suspense>
          <PersonalDataDownload personId={person.id} heading="h3" />
          <ErasureSection person={person} mode={mode} />
        </>
      )}
    </PersonState>
  )
}

// Erasure is rare and cannot be undone: folded away, its words, code and the server's check are
// loaded only when the section is opened.
function ErasureSection({ person, mode }: { person: Person; mode: PeopleMode }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="people__erasure" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{personalDataMessages.eraseHeading}</summary>
      {open ? (
        <Suspense fallback={<Spinner />}>
          <PersonErasure person={person} mode={mode} />
        </Suspense>
      ) : null}
    </details>
  )
}
