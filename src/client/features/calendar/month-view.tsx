import { monthWeeks } from '#shared/domain/calendar'
import { calendarMessages as words } from '#shared/messages/calendar'
import { itemsOn, monthName, titleOf, type CalendarItem } from './calendar-items.ts'

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const

/** How many titles a day's square shows before "and 2 more". */
const SHOWN_A_DAY = 3

// The month as a page of a wall calendar, Monday first. On a phone a day's square is too narrow
// for titles: it shows a count, and the titles stay for screen readers (the List has them all).
export function MonthView({
  month,
  items,
  today,
}: {
  month: string
  items: readonly CalendarItem[]
  today: string
}) {
  return (
    <table className="calendar-month">
      <caption className="visually-hidden">{monthName(month)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col">
              <abbr title={long}>{short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, index) =>
              day === null ? (
                <td key={`blank-${index}`} className="calendar-month__blank" />
              ) : (
                <Day key={day} day={day} items={itemsOn(items, day)} today={day === today} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Day({ day, items, today }: { day: string; items: CalendarItem[]; today: boolean }) {
  const shown = items.slice(0, SHOWN_A_DAY)
  return (
    <td
      className={`calendar-month__day${today ? ' calendar-month__day--today' : ''}`}
      aria-current={today ? 'date' : undefined}
    >
      <span className="calendar-month__number">{Number(day.slice(8))}</span>
      {items.length ? (
        <>
          <span className="calendar-month__count" aria-hidden="true">
            {items.length}
          </span>
          <ul className="calendar-month__items">
            {shown.map((item) => (
              <li key={item.key} className={`calendar-month__item--${item.kind}`}>
                {titleOf(item)}
              </li>
            ))}
            {items.length > shown.length ? (
              <li>{words.moreOnDay(items.length - shown.length)}</li>
            ) : null}
          </ul>
        </>
      ) : null}
    </td>
  )
}
