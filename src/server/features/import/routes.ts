import type { App } from '#server/core/app-type'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { importMessages } from '#shared/messages/import'
import {
  IMPORT_MAX_BYTES,
  importCheckSchema,
  importDoneSchema,
  importKindSchema,
  importUndoneSchema,
  lastImportSchema,
  undoImportSchema,
} from '#shared/schemas/spreadsheet-import'
import { readUpload } from '#server/core/http/read-upload'
import type { Db } from '#server/core/db/database'
import type { Upload } from '#server/core/http/read-upload'
import type { Viewer } from '#server/core/viewer'
import { checkImport, saveImport } from '#server/features/import/service'
import { lastImport, undoImport } from '#server/features/import/undo'

const tags = ['import']

// Documents the form in /api/openapi.json; @fastify/multipart reads the body itself.
const importForm = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'A CSV file or an .xlsx workbook, at most 20 MB' }),
  kind: importKindSchema,
  sheet: z.string().optional().meta({ description: "The workbook's sheet; the first if none" }),
  mapping: z
    .string()
    .optional()
    .meta({ description: "JSON: our field's key → the file's column heading" }),
  keep: z.string().optional().meta({
    description:
      'JSON, as mapping: choices kept where the file has their columns (the file chosen again); a guess for the rest',
  }),
  existing: z.enum(['skip', 'update']).optional().meta({
    description:
      'People already recorded (by e-mail, or name and address): skip (default) or update',
  }),
  names: z.string().optional().meta({
    description: "JSON: a row's number → { firstName, lastName }, correcting a full name's split",
  }),
})

type Step<T> = (db: Db, upload: Upload, viewer: Viewer) => Promise<T>

// A plugin of its own, like the other uploads, so that multipart bodies are read only here.
export async function importFeature(app: App) {
  const { db } = app
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 6, fieldSize: 1_000_000, parts: 7 },
  })

  const step = <T>(url: string, response: z.ZodType<T>, description: string, run: Step<T>) =>
    app.post(
      url,
      {
        config: { minLevel: LEVELS.admin },
        // The body is a multipart stream, read in the handler.
        validatorCompiler: () => () => true,
        schema: {
          consumes: ['multipart/form-data'],
          body: importForm,
          response: { 200: response },
          tags,
          description,
        },
      },
      async (request) =>
        run(db, await readUpload(request, importMessages.oneSpreadsheetOnly), request.viewer!),
    )

  step(
    '/api/import/check',
    importCheckSchema,
    "The file's sheets and headings, the mapping used (sent, else the last one used where the " +
      'file still has its columns, else a guess), and the dry run: the first rows as they would ' +
      'be saved and every row that would be refused, with its row number. Saves nothing. 400 ' +
      'when it is not a spreadsheet, holds formulas or has over 20,000 rows; 413 over 20 MB, ' +
      'or a workbook that unpacks to more than can be read; 422 when it takes too long to read.',
    (db, upload) => checkImport(db, app.clock, upload),
  )
  step(
    '/api/import',
    importDoneSchema,
    'Saves every row in one transaction, or none: 422 if any row would be refused. Each ' +
      'record made is logged; the mapping is remembered for next time.',
    (db, upload, viewer) => saveImport(db, app.clock, viewer, upload),
  )

  app.get(
    '/api/import/last',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        response: { 200: lastImportSchema.nullable() },
        tags,
        description: 'The last import while it can be undone (null when there is none).',
      },
    },
    () => lastImport(db.kysely),
  )
  app.post(
    '/api/import/undo',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        body: undoImportSchema,
        response: { 200: importUndoneSchema },
        tags,
        description:
          'Undoes the last import (`id`, as /api/import/last gave it): removes the records it ' +
          'made and puts back those it changed. 409 when it is not the last, or a record has ' +
          'changed since (the message names it).',
      },
    },
    (request) => undoImport(db, app.clock, request.viewer!, request.body.id),
  )
}
