import { z } from 'zod'
import { importMessages } from '#shared/messages/import'

// Importing an association's spreadsheet (CSV or .xlsx) of people or of plots: the file's
// columns are matched to our fields, every row is checked, and then all rows are saved or none.

export const importKindSchema = z.enum(['people', 'plots'])
export type ImportKind = z.infer<typeof importKindSchema>

export interface ImportField {
  key: string
  label: string
  /** Other ways a spreadsheet's heading may name the field, for the first guess at a mapping. */
  aliases: string[]
  required?: boolean
  hint?: string
}

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  people: [
    {
      key: 'id',
      label: 'Nickname',
      aliases: ['id', 'nick', 'short name', 'known as'],
      hint: importMessages.fieldHints.nickname,
    },
    {
      key: 'firstName',
      label: 'First name',
      aliases: ['forename', 'given name', 'first'],
      required: true,
    },
    {
      key: 'lastName',
      label: 'Last name',
      aliases: ['surname', 'family name', 'last'],
      required: true,
    },
    { key: 'dateJoined', label: 'Date joined', aliases: ['joined', 'start date', 'member since'] },
    {
      key: 'joinedWaitingList',
      label: 'Joined waiting list',
      aliases: ['date added', 'waiting since', 'date applied', 'applied'],
      hint: importMessages.fieldHints.joinedWaitingList,
    },
    { key: 'address', label: 'Address', aliases: ['postal address', 'home address'] },
    { key: 'phoneNumber', label: 'Phone number', aliases: ['phone', 'telephone', 'mobile', 'tel'] },
    { key: 'email', label: 'E-mail Address', aliases: ['email', 'e-mail', 'email address'] },
    {
      key: 'altEmail',
      label: 'Alternative e-mail',
      aliases: ['alt email', 'other email', 'email 2'],
    },
    {
      key: 'onWaitingList',
      label: 'On the waiting list',
      aliases: ['waiting list', 'waiting', 'status', 'list'],
      hint: importMessages.fieldHints.onWaitingList,
    },
    {
      key: 'plots',
      label: 'Plots',
      aliases: ['plot', 'plot numbers', 'plot number', 'plot no'],
      hint: importMessages.fieldHints.plots,
    },
  ],
  plots: [
    {
      key: 'id',
      label: 'Plot name',
      aliases: ['plot', 'plot number', 'plot no', 'number', 'id', 'name'],
      required: true,
    },
    { key: 'description', label: 'Description', aliases: ['notes', 'details'] },
    { key: 'area', label: 'Area (m²)', aliases: ['area', 'size', 'area m2', 'sq m'] },
    { key: 'distance', label: 'Distance (m)', aliases: ['distance', 'distance to tap'] },
    { key: 'gradient', label: 'Gradient', aliases: ['slope'] },
    { key: 'fee', label: 'Fee (£)', aliases: ['fee', 'rent', 'price'] },
    { key: 'paid', label: 'Paid', aliases: ['paid?', 'rent paid'] },
    {
      key: 'tenants',
      label: 'Tenants',
      aliases: ['tenant', 'plot holders', 'plotholder', 'holders'],
      hint: importMessages.fieldHints.tenants,
    },
  ],
}

/** Our field's key → the heading of the file's column that holds it. */
export const columnMappingSchema = z.record(z.string().max(40), z.string().max(200))
export type ColumnMapping = z.infer<typeof columnMappingSchema>

/** The text fields sent with the file, on each step. */
export const importFormSchema = z.object({
  kind: importKindSchema,
  sheet: z.string().max(200).optional(),
  mapping: z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return columnMappingSchema.parse(JSON.parse(text))
      } catch {
        ctx.addIssue({ code: 'custom', message: importMessages.mappingUnreadable })
        return z.NEVER
      }
    })
    .optional(),
})
export type ImportForm = z.infer<typeof importFormSchema>

/** What the file holds: its sheets, its columns, and the mapping used (sent, or a first guess). */
export const importColumnsSchema = z.object({
  sheets: z.array(z.string()),
  sheet: z.string(),
  columns: z.array(z.string()),
  rowCount: z.int(),
  mapping: columnMappingSchema,
})
export type ImportColumns = z.infer<typeof importColumnsSchema>

export const refusedRowSchema = z.object({ row: z.int(), message: z.string() })
export type RefusedRow = z.infer<typeof refusedRowSchema>

/**
 * The dry run: the first rows as they will be saved, and every row that would be refused; or,
 * when the first guess at the mapping leaves a required field without a column, why not.
 */
export const importCheckSchema = importColumnsSchema.extend({
  preview: z.array(z.record(z.string(), z.string())),
  refused: z.array(refusedRowSchema),
  problem: z.string().nullable(),
})
export type ImportCheck = z.infer<typeof importCheckSchema>

export const importDoneSchema = z.object({ created: z.int(), tenancies: z.int() })
export type ImportDone = z.infer<typeof importDoneSchema>

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
export const IMPORT_MAX_ROWS = 20_000
export const IMPORT_PREVIEW_ROWS = 10
