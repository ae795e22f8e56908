import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { longDate } from '#shared/domain/dates'
import { LEVELS } from '#shared/domain/levels'
import { privacyMessages } from '#shared/messages/privacy'
import type { DueForErasure, DuePerson } from '#shared/schemas/privacy'
import { CardTable } from '../../components/ui/card-table.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { SavedNote } from '../../components/ui/saved-note.tsx'
import { useViewer } from '../../lib/session.ts'
import { dueForErasureQuery } from './api.ts'
import { HoldForm, ReleaseButton } from './hold-form.tsx'

// Who and what the daily run will erase or delete in the next 30 days, and who is held back:
// the committee sees it coming, and keeps anyone it must, with its reason.
export function DueForErasurePage() {
  const due = useQuery(dueForErasureQuery)
  const admin = (useViewer().data?.level ?? 0) >= LEVELS.admin
  return (
    <section>
      <PageHeading>{privacyMessages.dueTitle}</PageHeading>
      {admin ? (
        <p>
          <Link className="link-target" to="/members/privacy/settings">
            {privacyMessages.settingsTitle}
          </Link>
        </p>
      ) : null}
      <QueryState query={due}>{(listed) => <DueList due={listed} />}</QueryState>
    </section>
  )
}

const COLUMNS = {
  person: privacyMessages.personColumn,
  lastChange: privacyMessages.lastChangeColumn,
  dueOn: privacyMessages.dueOnColumn,
  status: privacyMessages.statusColumn,
}

function DueList({ due }: { due: DueForErasure }) {
  const [holding, setHolding] = useState<DuePerson | null>(null)
  const [notice, setNotice] = useState('')
  const done = (said: string) => {
    setHolding(null)
    setNotice(said)
  }
  return (
    <>
      <p>{due.nextRun ? privacyMessages.dueIntro(due.nextRun) : privacyMessages.notStarted}</p>
      <p>
        {due.lastRun
          ? privacyMessages.lastRun(due.lastRun.day, due.lastRun.erased, due.lastRun.deleted)
          : privacyMessages.noRunYet}
      </p>
      <SavedNote>{notice}</SavedNote>
      {due.people.length === 0 ? (
        <p>{privacyMessages.nobodyDue}</p>
      ) : (
        <CardTable caption={privacyMessages.dueTitle} columns={Object.values(COLUMNS)}>
          {due.people.map((person) => (
            <tr key={person.id}>
              <th scope="row">
                <Link to={`/members/plotholders/${encodeURIComponent(person.id)}`}>
                  {person.name}
                </Link>
              </th>
              <td data-label={COLUMNS.lastChange}>{longDate(person.lastChange)}</td>
              <td data-label={COLUMNS.dueOn}>{longDate(person.dueOn)}</td>
              <td data-label={COLUMNS.status}>
                <WhatHappens person={person} onHold={setHolding} onDone={done} />
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      {holding ? (
        <HoldForm person={holding} onHeld={done} onCancel={() => setHolding(null)} />
      ) : null}
      {due.others.length > 0 ? (
        <>
          <h2>{privacyMessages.otherData}</h2>
          <ul>
            {due.others.map(({ kind, count, before }) => (
              <li key={kind}>{OTHERS[kind](count, before)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}

const OTHERS = {
  enquiries: privacyMessages.enquiriesDue,
  signInFailures: privacyMessages.signInFailuresDue,
  logEntries: privacyMessages.logEntriesDue,
}

interface WhatHappensProps {
  person: DuePerson
  onHold: (person: DuePerson) => void
  onDone: (notice: string) => void
}

function WhatHappens({ person, onHold, onDone }: WhatHappensProps) {
  if (person.hold)
    return (
      <>
        <p>
          {privacyMessages.heldBack(person.hold.reason, person.hold.heldBy, person.hold.heldAt)}
        </p>
        <ReleaseButton person={person} onReleased={onDone} />
      </>
    )
  if (person.blockers.length) return <p>{person.blockers.join(' ')}</p>
  return (
    <>
      <p>{privacyMessages.willBeErased}</p>
      <button type="button" className="button button--quiet" onClick={() => onHold(person)}>
        {privacyMessages.holdButton(person.name)}
      </button>
    </>
  )
}
