import { Link } from 'react-router'
import { workHoursWords } from '#shared/messages/work-hours-words'
import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { monthAfter } from '#shared/domain/calendar'
import { londonDate } from '#shared/domain/dates'
import { LEVELS } from '#shared/domain/levels'
import { calendarMessages as words } from '#shared/messages/calendar'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import { Alert } from '#client/components/ui/alert.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { Tabs } from '#client/components/ui/tabs.tsx'
import { useViewer } from '#client/lib/session.ts'
import { useUnsavedForms } from '#client/lib/unsaved-changes.tsx'
import { createEvent, monthQuery } from './api.ts'
import { itemsOf, monthName } from './calendar-items.ts'
import { EventList } from './event-list.tsx'
import { blankEvent, EventForm } from './event-form.tsx'
import { MonthView } from './month-view.tsx'
import { Subscribe } from './subscribe.tsx'
import './calendar.css'

type View = 'month' | 'list'

// The calendar (issue 48): a month at a time, as a page of a wall calendar or as a list. Every
// member sees what they may (the server decides); the committee adds, edits and deletes events
// and sees the rent, letting and inspection dates beside them. Below, the private address a
// phone's calendar subscribes to.
export function CalendarPage() {
  const viewer = useViewer().data
  const committee = (viewer?.level ?? 0) >= LEVELS.committee
  const chosen = useChosenSite()
  const site = committee ? chosen.site : undefined
  // Today on London's clock, of the device's now (decision 44).
  const today = londonDate(new Date())
  const [month, setMonth] = useState(today.slice(0, 7))
  const [view, setView] = useState<View>('month')
  const [notice, setNotice] = useState('')
  const [added, setAdded] = useState(0)
  const unsaved = useUnsavedForms()
  const calendar = useQuery({ ...monthQuery(month, site), placeholderData: keepPreviousData })
  const siteNames = new Map(chosen.sites.map((known) => [known.id, known.name]))
  // An account limited to some sites makes events for those only; every site's is the organisation's.
  const everySite = viewer?.sites === null
  const openSites = chosen.sites.filter((known) => !known.retiredOn)
  const newEventSite = site ?? (everySite ? undefined : openSites[0]?.id)
  const firstDay = today.startsWith(month) ? today : `${month}-01`
  const editing = committee
    ? { report: unsaved.report, sites: openSites, everySite, onNotice: setNotice }
    : undefined

  return (
    <section className="calendar">
      <PageHeading>{words.heading}</PageHeading>
      {unsaved.prompt}
      {committee ? <SiteChooser chosen={chosen} /> : null}
      {committee ? (
        <p>
          <Link className="link-target" to="/members/work-hours">
            {workHoursWords.workHoursLink}
          </Link>
        </p>
      ) : null}
      <Alert tone="success">{notice}</Alert>
      <div className="calendar-nav">
        <h2 className="calendar-nav__month" aria-live="polite">
          {monthName(month)}
        </h2>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setMonth(monthAfter(month, -1))}
        >
          {words.previousMonth}
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setMonth(monthAfter(month, 1))}
        >
          {words.nextMonth}
        </button>
        {today.startsWith(month) ? null : (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setMonth(today.slice(0, 7))}
          >
            {words.thisMonth}
          </button>
        )}
      </div>
      <QueryState query={calendar}>
        {(data) => {
          const items = itemsOf(data)
          return (
            <Tabs<View>
              label={words.viewsLabel}
              chosen={view}
              onChoose={setView}
              tabs={[
                {
                  key: 'month',
                  label: words.monthView,
                  panel: () => <MonthView month={month} items={items} today={today} />,
                },
                {
                  key: 'list',
                  label: words.listView,
                  panel: () => <EventList items={items} siteNames={siteNames} editing={editing} />,
                },
              ]}
            />
          )
        }}
      </QueryState>
      {committee ? (
        <section className="card calendar-add" aria-labelledby="calendar-add-heading">
          <h2 id="calendar-add-heading">{words.addEvent}</h2>
          <EventForm
            key={`${added}-${firstDay}-${newEventSite ?? ''}`}
            label={words.addEvent}
            formKey="new-event"
            report={unsaved.report}
            initial={blankEvent(firstDay, newEventSite)}
            sites={openSites}
            everySite={everySite}
            save={createEvent}
            onSaved={(event) => {
              setNotice(words.eventAdded(event.title))
              setMonth(event.startDate.slice(0, 7))
              setAdded((count) => count + 1)
            }}
            submitLabel={words.addEvent}
          />
        </section>
      ) : null}
      <Subscribe />
    </section>
  )
}
