import { useState } from 'react'
import { Link } from 'react-router'
import { longDate } from '#shared/domain/dates'
import { commonMessages } from '#shared/messages/common'
import { calendarMessages as words } from '#shared/messages/calendar'
import { workHoursWords } from '#shared/messages/work-hours-words'
import type { CalendarEntry, EventInput } from '#shared/schemas/calendar'
import type { Site } from '#shared/schemas/site'
import { Alert } from '#client/components/ui/alert.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { ReportUnsaved } from '#client/lib/unsaved-changes.tsx'
import { useChange } from '#client/lib/use-change.ts'
import { deleteEvent, updateEvent } from './api.ts'
import { helpersText, whenOf, type CalendarItem } from './calendar-items.ts'
import { ComingToEvent } from './coming-to-event.tsx'
import { draftOf, EventForm } from './event-form.tsx'

interface Editing {
  report: ReportUnsaved
  sites: Site[]
  everySite: boolean
  onNotice: (notice: string) => void
}

// The month's events and dates in order, with all an event says; the committee edits and deletes
// events here (the dates are edited where they belong, which each links to).
export function EventList({
  items,
  siteNames,
  editing,
}: {
  items: readonly CalendarItem[]
  siteNames: Map<number, string>
  /** Given to the committee. */
  editing?: Editing
}) {
  if (items.length === 0) return <p>{words.nothingThisMonth}</p>
  return (
    <ul className="calendar-list">
      {items.map((item) =>
        item.kind === 'event' ? (
          <EventItem key={item.key} event={item.event} siteNames={siteNames} editing={editing} />
        ) : (
          <li key={item.key} className="calendar-list__item calendar-list__item--date">
            <h3>
              <Link to={item.date.path}>{item.date.title}</Link>
            </h3>
            <p>
              {longDate(item.date.date)}
              {item.date.siteId !== null && siteNames.size > 1
                ? ` · ${siteNames.get(item.date.siteId) ?? ''}`
                : ''}
            </p>
          </li>
        ),
      )}
    </ul>
  )
}

function EventItem({
  event,
  siteNames,
  editing,
}: {
  event: CalendarEntry
  siteNames: Map<number, string>
  editing: Editing | undefined
}) {
  // The version the edit started from: a background refetch must not make a stale edit fresh.
  const [editedVersion, setEditedVersion] = useState<number>()
  const remove = useChange({
    mutationFn: () => deleteEvent(event.id),
    invalidates: [queryKeys.calendar],
  })
  const site =
    siteNames.size > 1
      ? event.siteId === null
        ? words.everySite
        : (siteNames.get(event.siteId) ?? '')
      : ''
  const details = [event.place, site].filter(Boolean).join(' · ')
  const hidden = <span className="visually-hidden"> {event.title}</span>

  if (editing && editedVersion !== undefined) {
    return (
      <li className="calendar-list__item card">
        <EventForm
          label={`${words.editEvent}: ${event.title}`}
          formKey={`event-${event.id}`}
          report={editing.report}
          initial={draftOf(event)}
          sites={editing.sites}
          everySite={editing.everySite}
          save={(input: EventInput) => updateEvent(event.id, { ...input, version: editedVersion })}
          onSaved={(saved) => {
            setEditedVersion(undefined)
            editing.onNotice(words.eventSaved(saved.title))
          }}
          onCancel={() => setEditedVersion(undefined)}
          submitLabel={words.saveEvent}
        />
      </li>
    )
  }
  return (
    <li className="calendar-list__item">
      <h3>{event.title}</h3>
      <p>{whenOf(event)}</p>
      {details ? <p>{details}</p> : null}
      {editing ? <p>{words.seenBy(words.visibilities[event.visibility])}</p> : null}
      {event.helpersWanted ? <p>{helpersText(event)}</p> : null}
      {event.description ? <p className="calendar-list__description">{event.description}</p> : null}
      <ComingToEvent event={event} />
      {editing ? (
        <>
          <Alert>{remove.isError ? errorMessage(remove.error) : null}</Alert>
          <div className="row-actions">
            {event.helpersWanted ? (
              <Link className="button button--quiet" to={`/members/work-hours/events/${event.id}`}>
                {workHoursWords.recordAttendance}
                {hidden}
              </Link>
            ) : null}
            <button
              type="button"
              className="button button--quiet"
              disabled={remove.isPending}
              onClick={() => setEditedVersion(event.version)}
            >
              Edit{hidden}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(commonMessages.confirmDelete(event.title))) return
                remove.mutate(undefined, {
                  onSuccess: () => editing.onNotice(words.eventDeleted(event.title)),
                })
              }}
            >
              Delete{hidden}
            </button>
          </div>
        </>
      ) : null}
    </li>
  )
}
