import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { workHoursMessages } from '#shared/messages/work-hours'
import { siteQuerySchema } from '#shared/schemas/site'
import {
  attendanceInputSchema,
  attendanceSchema,
  myWorkHoursSchema,
  registerSchema,
  shortListSchema,
  siteWorkHoursSchema,
  storedWorkHoursSchema,
  workHoursUpdateSchema,
} from '#shared/schemas/work-hours'
import type { App } from '#server/core/app-type'
import { serialIdParams } from '#server/core/http/serial-id'
import { everySite, siteScope } from '#server/core/site-scope'
import { ownPersonId } from '#server/core/viewer'
import {
  currentHoursYear,
  ownHours,
  plotHours,
  workHoursLines,
} from '#server/features/work-hours/hours'
import {
  eraseWorkHoursData,
  mergeWorkHoursData,
  workHoursDataOf,
} from '#server/features/work-hours/person-data'
import { recordAttendance } from '#server/features/work-hours/record-attendance'
import { readRegister } from '#server/features/work-hours/register'
import { hoursRecordedAt } from '#server/features/work-hours/sql'
import {
  readSiteWorkHours,
  saveSiteWorkHours,
  saveWorkHoursSettings,
  workHoursSettings,
} from '#server/features/work-hours/settings'

const tags = ['work-hours']
const committee = { minLevel: LEVELS.committee }
const siteParams = z.object({ siteId: z.coerce.number().int().min(1).max(2_147_483_647) })

// Work hours (issue 48, item 3; decision 66): the committee's settings, a work party's register
// ticked on a phone (also without signal), the hours a member and the committee see, and the
// rent year's line for hours missing or beyond.
export async function workHoursFeature(app: App) {
  const { db, clock } = app
  app.hooks.rentYearLines.push(workHoursLines)
  app.hooks.describingPerson.push(workHoursDataOf)
  app.hooks.erasingPerson.push(eraseWorkHoursData)
  app.hooks.mergingPeople.push(mergeWorkHoursData)
  // A work party deleted would take its hours with it: the register is emptied first.
  app.hooks.eventDeletionBlockers.push(async (tx, eventId) =>
    (await hoursRecordedAt(tx, eventId)) ? [workHoursMessages.hoursRecorded] : [],
  )

  app.get(
    '/api/work-hours/settings',
    { config: committee, schema: { response: { 200: storedWorkHoursSchema }, tags } },
    () => workHoursSettings.read(db.kysely),
  )

  app.put(
    '/api/work-hours/settings',
    {
      config: committee,
      ...everySite,
      schema: {
        body: workHoursUpdateSchema,
        response: { 200: storedWorkHoursSchema },
        tags,
        description:
          "The organisation's hours owed per plot a year and what a missing or volunteered hour is worth; 409 when stale.",
      },
    },
    (request) => saveWorkHoursSettings(db, request.viewer!, request.body),
  )

  app.get(
    '/api/work-hours/settings/sites/:siteId',
    {
      config: committee,
      schema: { params: siteParams, response: { 200: siteWorkHoursSchema }, tags },
    },
    (request) => readSiteWorkHours(db.kysely, siteScope(request), request.params.siteId),
  )

  app.put(
    '/api/work-hours/settings/sites/:siteId',
    {
      config: committee,
      schema: {
        params: siteParams,
        body: siteWorkHoursSchema,
        response: { 200: siteWorkHoursSchema },
        tags,
        description: "A site's own work hours, or null for the organisation's; 409 when stale.",
      },
    },
    (request) =>
      saveSiteWorkHours(
        db,
        request.viewer!,
        siteScope(request),
        request.params.siteId,
        request.body,
      ),
  )

  app.get(
    '/api/work-hours/events/:id',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: registerSchema }, tags },
    },
    (request) => readRegister(db.kysely, siteScope(request), request.params.id),
  )

  app.post(
    '/api/work-hours/attendance',
    {
      config: committee,
      schema: {
        body: attendanceInputSchema,
        response: { 200: attendanceSchema, 201: attendanceSchema },
        tags,
        description:
          'One person’s hours at a work party, under the id the phone made: 201 kept, 200 when that record (or a later one) was kept before.',
      },
    },
    async (request, reply) => {
      const { attendance, created } = await recordAttendance(
        app,
        request.viewer!,
        siteScope(request),
        request.body,
      )
      return reply.status(created ? 201 : 200).send(attendance)
    },
  )

  app.get(
    '/api/work-hours/short',
    {
      config: committee,
      schema: { querystring: siteQuerySchema, response: { 200: shortListSchema }, tags },
    },
    async (request) => {
      const window = await currentHoursYear(db.kysely, clock.today())
      const { plots } = await plotHours(db.kysely, siteScope(request, request.query.site), window)
      return { ...window, plots: plots.filter((plot) => plot.done < plot.owed) }
    },
  )

  app.get(
    '/api/me/work-hours',
    {
      config: { minLevel: LEVELS.plotholder },
      schema: { response: { 200: myWorkHoursSchema }, tags },
    },
    async (request) => {
      const personId = ownPersonId(request.viewer!)
      const window = await currentHoursYear(db.kysely, clock.today())
      const { plots } = await plotHours(db.kysely, { sites: null }, window)
      return {
        ...window,
        plots: plots
          .filter((plot) => plot.tenantIds.includes(personId))
          .map(({ plotId, plotName, siteId, done, owed }) => ({
            plotId,
            plotName,
            siteId,
            done,
            owed,
          })),
        own: await ownHours(db.kysely, personId, window),
      }
    },
  )
}
