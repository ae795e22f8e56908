import { z } from 'zod'
import { daysInRange } from '#shared/domain/calendar'
import { addDays } from '#shared/domain/dates'
import { LEVELS } from '#shared/domain/levels'
import { calendarMessages } from '#shared/messages/calendar'
import {
  calendarAddressStateSchema,
  calendarEventSchema,
  calendarQuerySchema,
  calendarSchema,
  comingSchema,
  eventInputSchema,
  eventUpdateSchema,
  newCalendarAddressSchema,
  publicEventSchema,
} from '#shared/schemas/calendar'
import type { App } from '#server/core/app-type'
import { badRequest } from '#server/core/errors'
import { serialIdParams } from '#server/core/http/serial-id'
import { siteScope } from '#server/core/site-scope'
import { actorOf } from '#server/core/viewer'
import {
  calendarAddressState,
  describeCalendarAddress,
  eraseCalendarAddress,
  makeCalendarAddress,
} from '#server/features/calendar/calendar-address'
import {
  describeComing,
  eraseComing,
  mergeComing,
  removeComingOf,
} from '#server/features/calendar/coming-person-data'
import { createEvent } from '#server/features/calendar/create-event'
import { removeEvent } from '#server/features/calendar/delete-event'
import { CALENDAR_CONTENT_TYPE, calendarFeeds } from '#server/features/calendar/feed'
import { calendarReach, PUBLIC_REACH } from '#server/features/calendar/reach'
import { calendarEvent, londonDays, readCalendar } from '#server/features/calendar/read-calendar'
import { sayComing } from '#server/features/calendar/say-coming'
import { eventsBetween } from '#server/features/calendar/sql'
import { editEvent } from '#server/features/calendar/update-event'

const tags = ['calendar']
const committee = { minLevel: LEVELS.committee }
const member = { minLevel: LEVELS.plotholder }
const RANGE_MAX_DAYS = 400
/** How far ahead the public site lists public events. */
const PUBLIC_DAYS_AHEAD = 366
const feedParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) })

// The calendar (issue 48, items 1 and 2; decision 63): events the committee writes, the days that
// appear by themselves on its calendar, the members' page, and the feeds calendar apps subscribe to.
export async function calendarFeature(app: App) {
  const { db, clock } = app
  const feeds = calendarFeeds(app)
  app.hooks.describingPerson.push(describeCalendarAddress)
  app.hooks.erasingPerson.push(eraseCalendarAddress)
  app.hooks.describingPerson.push(describeComing)
  app.hooks.erasingPerson.push(eraseComing)
  app.hooks.removingPerson.push(removeComingOf)
  app.hooks.mergingPeople.push(mergeComing)

  app.get(
    '/api/calendar',
    {
      config: member,
      schema: {
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema },
        tags,
        description:
          "What the viewer may see between two of London's days (at most 400): events, and for the committee the rent, letting and inspection dates.",
      },
    },
    async (request) => {
      const { from, to, site } = request.query
      if (to < from) throw badRequest(calendarMessages.rangeBackwards)
      if (daysInRange(from, to) > RANGE_MAX_DAYS) throw badRequest(calendarMessages.rangeTooLong)
      const viewer = request.viewer!
      const reach = await calendarReach(
        db.kysely,
        { level: viewer.level, sites: viewer.sites, personId: viewer.personId },
        site,
      )
      return readCalendar(db.kysely, reach, from, to)
    },
  )

  app.post(
    '/api/calendar/events',
    {
      config: committee,
      schema: { body: eventInputSchema, response: { 201: calendarEventSchema }, tags },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createEvent(app, request.viewer!, siteScope(request), request.body)),
  )

  app.put(
    '/api/calendar/events/:id',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: eventUpdateSchema,
        response: { 200: calendarEventSchema },
        tags,
        description: 'Edits an event; 409 when the version is stale, 403 another site’s.',
      },
    },
    (request) =>
      editEvent(app, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.delete(
    '/api/calendar/events/:id',
    { config: committee, schema: { params: serialIdParams, response: { 204: z.null() }, tags } },
    async (request, reply) => {
      await removeEvent(app, request.viewer!, siteScope(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  // "I'll come" and "I can't come after all": the signed-in member's own person, to an event their
  // calendar shows them.
  const comingRoute = (doc: { description: string }) => ({
    config: member,
    schema: { params: serialIdParams, response: { 200: comingSchema }, tags, ...doc },
  })
  app.put(
    '/api/calendar/events/:id/coming',
    comingRoute({
      description: "The signed-in member will come (I'll come); 422 once the event is over.",
    }),
    (request) => sayComing(app, request.viewer!, request.params.id, true),
  )
  app.delete(
    '/api/calendar/events/:id/coming',
    comingRoute({ description: 'The signed-in member will not come after all.' }),
    (request) => sayComing(app, request.viewer!, request.params.id, false),
  )

  app.get(
    '/api/calendar/public',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        response: { 200: z.array(publicEventSchema) },
        tags,
        description: 'Public events from today, for the public site.',
      },
    },
    async () => {
      const today = clock.today()
      const { from, until } = londonDays(today, addDays(today, PUBLIC_DAYS_AHEAD))
      const rows = await eventsBetween(db.kysely, PUBLIC_REACH.events, from, until)
      // Only what the public is shown: no site, no helpers, no one's name.
      return rows.map((row) => publicEventSchema.parse(calendarEvent(row)))
    },
  )

  app.get(
    '/api/calendar/public.ics',
    {
      config: { minLevel: LEVELS.guest },
      schema: { produces: ['text/calendar'], response: { 200: z.string() }, tags },
    },
    async (_request, reply) => reply.type(CALENDAR_CONTENT_TYPE).send(await feeds.publicFeed()),
  )

  app.get(
    '/api/calendar/feeds/:file',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        params: feedParams,
        produces: ['text/calendar'],
        response: { 200: z.string() },
        tags,
        description:
          "A member's private calendar (its token in the address); 404 once it is reset, or the account disabled.",
      },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length)
      const text = await feeds.privateFeed(token)
      // Private to its holder: no shared cache keeps it.
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('cache-control', 'private, no-store')
        .send(text)
    },
  )

  app.get(
    '/api/me/calendar-address',
    {
      config: member,
      schema: { response: { 200: calendarAddressStateSchema }, tags },
    },
    (request) => calendarAddressState(db.kysely, request.viewer!.id),
  )

  app.post(
    '/api/me/calendar-address',
    {
      config: member,
      schema: {
        response: { 201: newCalendarAddressSchema },
        tags,
        description: 'A new private calendar address, shown this once; any old one stops working.',
      },
    },
    async (request, reply) =>
      reply.status(201).send(await makeCalendarAddress(app, actorOf(request))),
  )
}
