import type { App } from '#server/core/app-type'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import {
  landDocumentChangeSchema,
  landDocumentDetailSchema,
  landGroupSchema,
  MAX_PDF_BYTES,
} from '#shared/schemas/land-documents'
import { landMessages } from '#shared/messages/land'
import {
  deleteLandDocument,
  listLandGroups,
  readLandFile,
  updateLandDocument,
  uploadLandDocument,
} from '#server/features/land-documents/service'
import { readUpload } from '#server/core/http/read-upload'
import { LEVELS } from '#shared/domain/levels'
import { serialIdParams } from '#server/core/http/serial-id'

// Documents the upload form in /api/openapi.json. @fastify/multipart reads the body as a
// stream inside the handler, so this schema is never used to validate (see validatorCompiler).
const uploadForm = z.object({
  date: z.string().meta({ description: 'YYYY-MM-DD' }),
  description: z.string(),
  name: z.string().meta({ description: 'The document name shown on the timeline' }),
  file: z.string().meta({ format: 'binary', description: 'One PDF file, at most 20 MB' }),
})

// A plugin of its own so that multipart parsing (and its 20 MB limit) exists only here; every
// other route keeps refusing multipart bodies and keeps the 1 MiB JSON limit.
export async function landDocumentsFeature(app: App) {
  const { db } = app
  await app.register(multipart, {
    limits: { fileSize: MAX_PDF_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
  })

  app.get(
    '/api/land-documents',
    {
      config: { minLevel: LEVELS.land },
      schema: {
        response: { 200: z.array(landGroupSchema) },
        tags: ['land'],
        description: 'The timeline: groups by date then description, documents by sortOrder.',
      },
    },
    () => listLandGroups(db),
  )

  app.get(
    '/api/land-documents/:id/file',
    {
      config: { minLevel: LEVELS.land },
      schema: {
        params: serialIdParams,
        tags: ['land'],
        description: 'The PDF itself, shown inline under a fixed file name.',
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const file = await readLandFile(db, id)
      // The stored upload name never reaches a header: a fixed name cannot inject anything.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="land-document-${id}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data)
    },
  )

  app.post(
    '/api/land-documents',
    {
      config: { minLevel: LEVELS.committee },
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 201: landDocumentDetailSchema },
        tags: ['land'],
        description:
          'Uploads one PDF (checked by its first bytes, at most 20 MB) into the group of its date ' +
          'and description, at the end. 413 when too large, 415 when not a PDF.',
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, landMessages.oneFileOnly)
      return reply.status(201).send(await uploadLandDocument(db, request.viewer!, upload))
    },
  )

  app.put(
    '/api/land-documents/:id',
    {
      config: { minLevel: LEVELS.committee },
      schema: {
        params: serialIdParams,
        body: landDocumentChangeSchema,
        response: { 200: landDocumentDetailSchema },
        tags: ['land'],
        description:
          'Renames, moves to another date and description, and/or moves to a position ' +
          '(sortOrder, from 0) in its group; the other documents of the group are renumbered.',
      },
    },
    (request) => updateLandDocument(db, request.viewer!, request.params.id, request.body),
  )

  app.delete(
    '/api/land-documents/:id',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: serialIdParams, tags: ['land'] },
    },
    async (request, reply) => {
      await deleteLandDocument(db, request.viewer!, request.params.id)
      return reply.status(204).send()
    },
  )
}
