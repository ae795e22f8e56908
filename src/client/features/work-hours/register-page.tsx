import { Fragment, useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { workHoursMessages as words } from '#shared/messages/work-hours'
import type { AttendanceInput, Register } from '#shared/schemas/work-hours'
import { Alert } from '#client/components/ui/alert.tsx'
import { CheckboxField, TextField } from '#client/components/ui/field.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { useOfflineScreens } from '#client/lib/offline.ts'
import { forget, keep, type Waiting } from '#client/lib/outbox.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useOutbox, type Outbox } from '#client/lib/use-outbox.ts'
import { registerQuery, sendAttendance } from './api.ts'
import './work-hours.css'

// A work party's register (issue 48, item 3; decision 66), ticked on the organiser's phone at the
// gate: who came and for how long. What is saved is kept on the phone first, as an inspection is
// (decision 29), and sent when there is signal; each record carries the id the phone made, so a
// resend records nothing twice, and a later one for the same person replaces the earlier.

type Row = { came: boolean; hours: string }
type Outboxed = Outbox<AttendanceInput>

export function RegisterPage() {
  useOfflineScreens()
  const eventId = Number(useParams().id)
  const register = useQuery(registerQuery(eventId))
  const outbox = useOutbox('attendance', sendAttendance, queryKeys.workHours)
  return (
    <section className="work-hours">
      <QueryState query={register}>
        {(data) => <RegisterForm register={data} outbox={outbox} />}
      </QueryState>
    </section>
  )
}

/** What each person's row shows: what waits on the phone for them, else what the server has. */
function rowsOf(register: Register, waiting: Outboxed['waiting']): Map<string, Row> {
  const onPhone = new Map(
    waiting
      .filter((item) => item.record.eventId === register.event.id)
      .map((item) => [item.record.personId, item.record.hours]),
  )
  return new Map(
    register.people.map((person) => {
      const hours = onPhone.get(person.personId) ?? person.hours
      return [
        person.personId,
        hours !== null && hours > 0
          ? { came: true, hours: String(hours) }
          : { came: false, hours: String(register.event.hours) },
      ]
    }),
  )
}

function RegisterForm({ register, outbox }: { register: Register; outbox: Outboxed }) {
  const { event, people } = register
  const shown = rowsOf(register, outbox.waiting)
  const [changed, setChanged] = useState<Map<string, Row>>(new Map())
  const [notice, setNotice] = useState('')
  const [problem, setProblem] = useState('')
  const rowOf = (personId: string) => changed.get(personId) ?? shown.get(personId)!
  const change = (personId: string, row: Partial<Row>) => {
    setNotice('')
    setChanged((rows) => new Map(rows).set(personId, { ...rowOf(personId), ...row }))
  }
  const toSend = outbox.waiting.filter((item) => !item.refusal).length
  const refused = outbox.waiting.filter((item) => item.refusal)

  async function save(submitted: FormEvent) {
    submitted.preventDefault()
    const records: AttendanceInput[] = []
    for (const [personId, row] of changed) {
      const hours = row.came ? Number(row.hours) : 0
      if (!Number.isFinite(hours) || hours < 0 || hours > 24 || !Number.isInteger(hours * 4))
        return setProblem(words.hoursInQuarters)
      records.push({
        id: crypto.randomUUID(),
        eventId: event.id,
        personId,
        hours,
        recordedAt: new Date().toISOString(),
      })
    }
    setProblem('')
    for (const record of records)
      await keep<AttendanceInput>({
        userName: outbox.userName,
        kind: 'attendance',
        record,
        photos: [],
      })
    setChanged(new Map())
    setNotice(words.attendanceSaved(records.length))
    void outbox.send()
  }

  return (
    <>
      <PageHeading>{words.registerHeading(event.title, event.day)}</PageHeading>
      <p>{words.registerHelp}</p>
      <div role="status" className="work-hours__status">
        {!outbox.isOnline ? <p>{words.offline}</p> : null}
        {toSend > 0 ? <p>{words.waitingToSend(toSend)}</p> : null}
        {/* Saved once the server has them: until then they are kept on this phone. */}
        {notice && toSend === 0 ? <p>{notice}</p> : null}
      </div>
      {refused.map((item) => (
        <RefusedRecord key={item.record.id} item={item} />
      ))}
      {people.length === 0 ? (
        <p>{words.nobodyToRecord}</p>
      ) : (
        <form className="form" onSubmit={(submitted) => void save(submitted)} noValidate>
          <Alert>{problem}</Alert>
          {groupsOf(people).map((group) => (
            <Fragment key={group.heading}>
              {group.heading ? <h2>{group.heading}</h2> : null}
              <ul className="work-hours__register">
                {group.people.map((person) => (
                  <PersonRow
                    key={person.personId}
                    name={person.name}
                    row={rowOf(person.personId)}
                    onChange={(row) => change(person.personId, row)}
                  />
                ))}
              </ul>
            </Fragment>
          ))}
          <div className="button-row">
            <button type="submit" className="button" disabled={changed.size === 0}>
              {words.saveAttendance}
            </button>
          </div>
        </form>
      )}
    </>
  )
}

/**
 * Those who said they would come under their own heading, the others under theirs; one list
 * without headings when no one said so.
 */
function groupsOf(people: Register['people']) {
  const coming = people.filter((person) => person.coming)
  if (coming.length === 0) return [{ heading: '', people }]
  const others = people.filter((person) => !person.coming)
  return [
    { heading: words.comingHeading, people: coming },
    ...(others.length > 0 ? [{ heading: words.othersHeading, people: others }] : []),
  ]
}

/** One person's tick, and their hours once ticked. */
function PersonRow({
  name,
  row,
  onChange,
}: {
  name: string
  row: Row
  onChange: (row: Partial<Row>) => void
}) {
  return (
    <li className="work-hours__person">
      <CheckboxField
        label={words.cameLabel(name)}
        checked={row.came}
        onChange={(ticked) => onChange({ came: ticked.target.checked })}
      />
      {row.came ? (
        <TextField
          label={words.hoursLabel(name)}
          type="number"
          inputMode="decimal"
          min={0}
          max={24}
          step={0.25}
          value={row.hours}
          onChange={(typed) => onChange({ hours: typed.target.value })}
        />
      ) : null}
    </li>
  )
}

/** A record the server refused stays on screen until the organiser removes it. */
function RefusedRecord({ item }: { item: Waiting<AttendanceInput> }) {
  return (
    <Alert>
      {words.notAccepted(item.refusal ?? '')}{' '}
      <button
        type="button"
        className="button button--quiet"
        onClick={() => void forget(item.record.id)}
      >
        {words.removeRecord}
      </button>
    </Alert>
  )
}
