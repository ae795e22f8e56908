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
import { requireEverySite, siteScope } from '#server/core/site-scope'

const tags = ['import']

// Documents the form in /api/openapi.json; @fastify/multipart reads the body itself.
const importForm = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'A CSV file or an .xlsx workbook, at most 20 MB' }),
  kind: importKindSchema,
  sheet: z.string().optional().meta({ description: "The workbook's sheet; the first if none" }),
  tables: z
    .string()
    .optional()
    .meta({
      description:
        "JSON: each table of the sheet, in its order, { headings?: its headings' row, mapping?: our " +
        "field's key → the table's column heading, keep?: as mapping, choices kept where the table " +
        'has their columns (a guess for the rest), skip?: true to leave it out }; a table without ' +
        'is found and guessed',
    }),
  existing: z.enum(['skip', 'update']).optional().meta({
    description:
      'People already recorded (by e-mail, or name and address): skip (default) or update',
  }),
  names: z
    .string()
    .optional()
    .meta({
      description:
        "JSON: a row's number → the people its name holds, [{ title, firstName, lastName }] (one " +
        'to four), correcting how the name was read',
    }),
  site: z
    .string()
    .optional()
    .meta({
      description:
        'The site the file is of: the site of each row whose Site column is blank (or of every ' +
        'row, without one), its plots matched by name there, new plots and waiting people going ' +
        'there; the first open site when left out. 403 outside the caller’s sites, or a row’s.',
    }),
})

type Step<T> = (db: Db, upload: Upload, viewer: Viewer) => Promise<T>

// A plugin of its own, like the other uploads, so that multipart bodies are read only here.
export async function importFeature(app: App) {
  const { db } = app
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 7, fieldSize: 1_000_000, parts: 8 },
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
    "The file's sheets, the sheet's tables (a title and an 'Updated by' line above the headings " +
      'left out, a second table further down read as its own), each with its headings and the ' +
      'mapping used (sent, else the last one used where the table still has its columns, else a ' +
      'guess), and the dry run: every record as it would be saved (a name such as "Shah, Priya & ' +
      'Arjun" is two people) and every row that would be refused, with its row number (a Site ' +
      'cell naming no site in use is one), and how many rows go to each site when more than ' +
      'one. Saves nothing. 403 for a row of a site outside the caller’s. 400 ' +
      'when it is not a spreadsheet, holds formulas or has over 20,000 rows; 413 over 20 MB, ' +
      'or a workbook that unpacks to more than can be read; 422 when it takes too long to read.',
    (db, upload, viewer) => checkImport(db, app.clock, viewer, upload),
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
        description:
          'The last import while it can be undone (null when there is none); 403 to an account ' +
          'limited to some sites (the last import may be of any site).',
      },
    },
    (request) => {
      requireEverySite(siteScope(request))
      return lastImport(db.kysely)
    },
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
          'changed since (the message names it). 403 to an account limited to some sites.',
      },
    },
    (request) => {
      requireEverySite(siteScope(request))
      return undoImport(db, app.clock, request.viewer!, request.body.id)
    },
  )
}
