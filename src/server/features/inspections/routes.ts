import type { App } from '#server/core/app-type'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { inspectionMessages } from '#shared/messages/inspections'
import {
  inspectionInputSchema,
  inspectionSchema,
  inspectionSettingsSchema,
  newRoundSchema,
  noticeSchema,
  noticesPreviewSchema,
  noticesSentSchema,
  pauseNoticeSchema,
  roundDetailSchema,
  roundSchema,
  roundSummarySchema,
  siteInspectionSettingsSchema,
  sendNoticesSchema,
  storedInspectionSettingsSchema,
} from '#shared/schemas/inspections'
import { siteQuerySchema } from '#shared/schemas/site'
import { badRequest } from '#server/core/errors'
import { everySite, siteScope } from '#server/core/site-scope'
import { readUpload } from '#server/core/http/read-upload'
import { serialIdParams, siteIdParams } from '#server/core/http/serial-id'
import {
  PHOTO_MAX_BYTES,
  PHOTOS_PER_PLOT,
  photoTooLarge,
  readPhoto,
  recordInspection,
} from '#server/features/inspections/record'
import {
  listNotices,
  noticeDeadlineJob,
  pauseNotice,
  resumeNotice,
} from '#server/features/inspections/notices'
import { previewNotices, sendNotices } from '#server/features/inspections/send-notices'
import { NOTICE_ATTACHMENT } from '#server/features/inspections/context'
import {
  eraseInspectionData,
  inspectionDataOf,
  mergeInspectionData,
} from '#server/features/inspections/person-data'
import { rentNoticeRoutes } from '#server/features/inspections/rent-notice-routes'
import { listRounds, roundDetail, startRound } from '#server/features/inspections/rounds'
import {
  inspectionSettings,
  saveInspectionSettings,
  saveSiteInspectionSettings,
  siteInspection,
} from '#server/features/inspections/settings'

const tags = ['inspections']
const admin = { minLevel: LEVELS.admin }
const committee = { minLevel: LEVELS.committee }

// Documents the form in /api/openapi.json; @fastify/multipart reads the body itself.
const recordForm = z.object({
  inspection: z.string().meta({ description: 'The record as JSON (inspectionInputSchema)' }),
  photos: z.string().meta({
    format: 'binary',
    description: `JPEG, PNG or WebP, at most ${PHOTOS_PER_PLOT}, in the order of photoIds`,
  }),
})

// Plot inspections (issue 32): the administrator's settings, and rounds walked by the committee.
// A round walks one site's plots; a viewer limited to some sites reaches their rounds, records,
// photos and notices only (decision 50). The settings are the organisation's,
// and a site may have its own standards (decision 53).
// A plugin of its own, like the land documents, so that multipart bodies (a plot's photos) are
// read only here.
export async function inspectionsFeature(app: App) {
  app.jobs.define(noticeDeadlineJob(app))
  app.hooks.describingPerson.push(inspectionDataOf)
  app.hooks.erasingPerson.push(eraseInspectionData)
  app.hooks.mergingPeople.push(mergeInspectionData)
  // pdfkit is loaded by the first notice printed or mailed, not by every server.
  const findings = () => import('#server/features/inspections/notice-pages')
  app.copies.defineAttachment(
    NOTICE_ATTACHMENT,
    async (id) => (await findings()).findingsPdf(app.db, app.config, id),
    async (doc, id) => (await findings()).writeFindings(app.db, doc, id),
  )
  rentNoticeRoutes(app)
  await app.register(multipart, {
    limits: {
      fileSize: PHOTO_MAX_BYTES,
      files: PHOTOS_PER_PLOT,
      fields: 1,
      fieldSize: 16_384,
      parts: PHOTOS_PER_PLOT + 1,
    },
  })

  app.get(
    '/api/inspections/settings',
    { config: admin, schema: { response: { 200: storedInspectionSettingsSchema }, tags } },
    () => inspectionSettings.read(app.db.kysely),
  )

  // The organisation's settings are every site's that has no standards of its own, and the
  // letters of all, so changing them is refused to an administrator limited to some sites.
  app.put(
    '/api/inspections/settings',
    {
      config: admin,
      ...everySite,
      schema: {
        body: inspectionSettingsSchema.safeExtend({ version: z.int().min(0) }),
        response: { 200: storedInspectionSettingsSchema },
        tags,
      },
    },
    (request) => saveInspectionSettings(app, request.viewer!, request.body),
  )

  app.get(
    '/api/inspections/settings/sites/:siteId',
    {
      config: admin,
      schema: { params: siteIdParams, response: { 200: siteInspectionSettingsSchema }, tags },
    },
    (request) => siteInspection.read(app.db.kysely, siteScope(request), request.params.siteId),
  )

  app.put(
    '/api/inspections/settings/sites/:siteId',
    {
      config: admin,
      schema: {
        params: siteIdParams,
        body: siteInspectionSettingsSchema,
        response: { 200: siteInspectionSettingsSchema },
        tags,
        description:
          "A site's own standards, or null to judge its plots by the organisation's; against the version read.",
      },
    },
    (request) =>
      saveSiteInspectionSettings(
        app,
        request.viewer!,
        siteScope(request),
        request.params.siteId,
        request.body,
      ),
  )

  app.get(
    '/api/inspection-rounds',
    {
      config: committee,
      schema: {
        querystring: siteQuerySchema,
        response: { 200: z.array(roundSummarySchema) },
        tags,
        description: "The rounds, newest first; with `site`, that site's.",
      },
    },
    (request) => listRounds(app, siteScope(request, request.query.site)),
  )

  app.post(
    '/api/inspection-rounds',
    { config: committee, schema: { body: newRoundSchema, response: { 201: roundSchema }, tags } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await startRound(app, request.viewer!, siteScope(request), request.body)),
  )

  app.get(
    '/api/inspection-rounds/:id',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: roundDetailSchema }, tags },
    },
    (request) => roundDetail(app, siteScope(request), request.params.id),
  )

  app.post(
    '/api/inspections',
    {
      config: committee,
      // The body is a multipart stream, read in the handler.
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        body: recordForm,
        response: { 200: inspectionSchema, 201: inspectionSchema },
        tags,
        description:
          "A plot's record from a phone, with its photos: 201 when kept, 200 when the same " +
          'record (its id) was kept before. 413 for a photo over 10 MB, 415 for one not a JPEG, ' +
          'PNG or WebP.',
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, inspectionMessages.tooManyPhotos)
      if (upload.tooLarge) throw photoTooLarge()
      const input = inspectionInputSchema.safeParse(parsedJson(upload.fields.inspection))
      if (!input.success)
        throw badRequest(input.error.issues[0]?.message ?? inspectionMessages.recordUnreadable)
      const { inspection, created } = await recordInspection(
        app,
        request.viewer!,
        siteScope(request),
        input.data,
        upload.files,
      )
      return reply.status(created ? 201 : 200).send(inspection)
    },
  )

  app.get(
    '/api/inspection-rounds/:id/notices/preview',
    {
      // The first notice's copies name its tenant's address.
      config: { ...committee, personalData: true },
      schema: {
        params: serialIdParams,
        response: { 200: noticesPreviewSchema },
        tags,
        description:
          'What Send notices would do now, sending nothing: the notices, how many people they reach and how, the first notice as its tenant will have it, and the confirmation sending needs.',
      },
    },
    (request) => previewNotices(app, siteScope(request), request.params.id),
  )

  app.post(
    '/api/inspection-rounds/:id/notices',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: sendNoticesSchema,
        response: { 200: noticesSentSchema },
        tags,
        description:
          "Send notices, as its preview showed it (`confirmation`; 400 without it, 409 when it would now do otherwise): for each plot of the round, by its latest grade, the next step of its chain of notices; sent again, nothing more is sent until a notice's deadline has passed.",
      },
    },
    (request) =>
      sendNotices(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.body.confirmation,
      ),
  )

  app.get(
    '/api/inspection-notices',
    {
      config: committee,
      schema: {
        querystring: siteQuerySchema,
        response: { 200: z.array(noticeSchema) },
        tags,
        description:
          "The notices running and lately closed; with `site`, those of that site's rounds.",
      },
    },
    (request) => listNotices(app, siteScope(request, request.query.site)),
  )

  app.post(
    '/api/inspection-notices/:id/pause',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: pauseNoticeSchema,
        response: { 200: noticeSchema },
        tags,
      },
    },
    (request) =>
      pauseNotice(app, request.viewer!, siteScope(request), request.params.id, request.body.reason),
  )

  app.post(
    '/api/inspection-notices/:id/resume',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: noticeSchema }, tags },
    },
    (request) => resumeNotice(app, request.viewer!, siteScope(request), request.params.id),
  )

  app.get(
    '/api/inspection-photos/:id',
    {
      config: committee,
      schema: { params: z.object({ id: z.uuid() }), tags, description: 'A photo, as JPEG.' },
    },
    async (request, reply) => {
      const file = await readPhoto(app, siteScope(request), request.params.id)
      // A photo never changes under its id: the phone kept it offline, and may keep it.
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.data)
    },
  )
}

function parsedJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '')
  } catch {
    throw badRequest(inspectionMessages.recordUnreadable)
  }
}
