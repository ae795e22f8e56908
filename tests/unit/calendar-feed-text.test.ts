import ical, { foldLines as libraryFold } from 'ical-generator'
import { describe, expect, it } from 'vitest'
import { foldLines } from '#server/features/calendar/fold-lines'
import { writeCalendar } from '#server/features/calendar/feed'
import type { FeedEventRow } from '#server/features/calendar/sql'

// The calendar feed writes each item with ical-generator and folds the lines itself (the
// library's folding encodes every character on its own: a second for a council's feed). The text
// must be exactly what the library alone writes.

const long = 'Bring gloves, a flask; and wellies: the compost bays\\paths. '.repeat(6)
const ROWS: FeedEventRow[] = [
  {
    id: 1,
    title: 'Spring work party',
    place: 'The main gate, by the shed',
    startsAt: '2027-03-28T09:00:00.000Z',
    endsAt: '2027-03-28T11:00:00.000Z',
    description: `${long}\nSecond line.`,
    helpersWanted: 12,
    updatedAt: '2027-03-01T10:00:00.000Z',
    version: 3,
  },
  {
    id: 2,
    // Two, three and four octets a character, across the 75th octet.
    title: `Ça va ${'é'.repeat(40)} ${'€'.repeat(30)} ${'🌱'.repeat(25)} fin`,
    place: '',
    startsAt: '2027-10-31T10:00:00.000Z',
    endsAt: '2027-10-31T12:00:00.000Z',
    description: '',
    helpersWanted: null,
    updatedAt: '2027-10-01T10:00:00.000Z',
    version: 1,
  },
]
const DATES = [
  {
    kind: 'rentDue' as const,
    key: 'rentDue-1',
    date: '2027-04-01',
    title: 'Rent due (2027–28)',
    siteId: null,
    path: '/members/rent',
  },
]

describe("the calendar feed's text", () => {
  it('folds lines as ical-generator does', () => {
    for (const line of [
      '',
      'short',
      'x'.repeat(74),
      'x'.repeat(75),
      'x'.repeat(300),
      `SUMMARY:${'é'.repeat(80)}`,
      `DESCRIPTION:${'🌱'.repeat(40)}`,
      `A${'€'.repeat(30)}\r\nB${'x'.repeat(100)}\r\n`,
    ])
      expect(foldLines(line)).toBe(libraryFold(line))
  })

  it('is what ical-generator writes of the same calendar by itself', () => {
    const calendar = ical({
      name: 'Riverside calendar',
      prodId: { company: 'Riverside', product: 'calendar', language: 'EN' },
      ttl: 3600,
    })
    for (const row of ROWS)
      calendar.createEvent({
        id: `event-${row.id}@example.org`,
        sequence: row.version - 1,
        stamp: new Date(row.updatedAt),
        start: new Date(row.startsAt),
        end: new Date(row.endsAt),
        summary: row.title,
        ...(row.place ? { location: row.place } : {}),
        ...(row.description || row.helpersWanted
          ? {
              description: [row.description, row.helpersWanted ? '12 helpers wanted' : '']
                .filter(Boolean)
                .join('\n\n'),
            }
          : {}),
      })
    calendar.createEvent({
      id: 'rentDue-1@example.org',
      start: new Date('2027-04-01T00:00:00Z'),
      allDay: true,
      summary: 'Rent due (2027–28)',
    })
    const ours = writeCalendar('Riverside', 'example.org', ROWS, DATES)
    // Each item's stamp of its own writing aside, the same text.
    const unstamped = (text: string) => text.replace(/DTSTAMP:\d{8}T\d{6}Z/g, 'DTSTAMP')
    expect(unstamped(ours)).toBe(unstamped(calendar.toString()))
    expect(ours).toContain('\r\n ')
  })
})
