import { z } from 'zod'
import { MAX_TENANTS_PER_PLOT } from '#shared/domain/plots'
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
      key: 'title',
      label: 'Title',
      aliases: ['salutation', 'honorific', 'mr mrs'],
      hint: importMessages.fieldHints.title,
    },
    {
      key: 'fullName',
      label: 'Full name',
      aliases: [
        'name',
        'names',
        'name s',
        'member',
        'member name',
        'plot holder',
        'plotholder',
        'plot holders',
        'tenant',
        'tenants',
        'tenant s',
        'tenant name',
      ],
      hint: importMessages.fieldHints.fullName,
    },
    {
      key: 'firstName',
      label: 'First name',
      aliases: ['forename', 'given name', 'first'],
      hint: importMessages.fieldHints.firstName,
    },
    {
      key: 'lastName',
      label: 'Last name',
      aliases: ['surname', 'family name', 'last'],
      hint: importMessages.fieldHints.lastName,
    },
    {
      key: 'dateJoined',
      label: 'Date joined',
      aliases: ['joined', 'start date', 'date started', 'started', 'member since'],
      hint: importMessages.fieldHints.dateJoined,
    },
    {
      key: 'joinedWaitingList',
      label: 'Joined waiting list',
      aliases: [
        'date added',
        'waiting since',
        'date applied',
        'applied',
        'applied on',
        'application date',
        'date of application',
        'date received',
        'on list since',
        'date on list',
      ],
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
    {
      key: 'site',
      label: 'Site',
      aliases: ['allotment site', 'site name', 'allotment site name'],
      hint: importMessages.fieldHints.site,
    },
    {
      key: 'paid',
      label: 'Paid',
      aliases: ['paid?', 'rent paid', 'fee paid'],
      hint: importMessages.fieldHints.paid,
    },
    {
      key: 'notes',
      label: 'Notes',
      aliases: ['note', 'comments', 'comment', 'remarks'],
      hint: importMessages.fieldHints.notes,
    },
  ],
  plots: [
    {
      key: 'id',
      label: 'Plot name',
      aliases: ['plot', 'plot number', 'plot no', 'number', 'id', 'name'],
      required: true,
    },
    {
      key: 'site',
      label: 'Site',
      aliases: ['allotment site', 'site name', 'allotment site name'],
      hint: importMessages.fieldHints.site,
    },
    { key: 'description', label: 'Description', aliases: ['notes', 'details'] },
    { key: 'area', label: 'Area (m²)', aliases: ['area', 'size', 'area m2', 'sq m'] },
    {
      key: 'rods',
      label: 'Area (rods)',
      aliases: ['rods', 'area rods', 'size rods', 'size in rods', 'poles', 'perches'],
      hint: importMessages.fieldHints.rods,
    },
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

/** What to do with people the file names who are already recorded. */
export const existingChoiceSchema = z.enum(['skip', 'update'])
export type ExistingChoice = z.infer<typeof existingChoiceSchema>

/**
 * One person's names as a row's name cell was read, or as the secretary corrected them (each then
 * checked as the person form checks it).
 */
export const writtenNameSchema = z.object({
  title: z.string().max(100).default(''),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
})
export type WrittenNames = z.infer<typeof writtenNameSchema>

/**
 * A row's full name read another way than the file's: the row's number → the people it names
 * (one, or up to four sharing the plot). One person's names alone are one person.
 */
export const nameCorrectionsSchema = z.record(
  z.string().regex(/^\d+$/),
  z.union([
    z.array(writtenNameSchema).min(1).max(MAX_TENANTS_PER_PLOT),
    writtenNameSchema.transform((names) => [names]),
  ]),
)
export type NameCorrections = z.input<typeof nameCorrectionsSchema>
export type ReadNameCorrections = z.output<typeof nameCorrectionsSchema>

// A form field holding JSON, read with its schema; unreadable JSON is a 400 with `message`.
const jsonField = <T>(schema: z.ZodType<T>, max: number) =>
  z
    .string()
    .max(max)
    .transform((text, ctx) => {
      try {
        return schema.parse(JSON.parse(text))
      } catch {
        ctx.addIssue({ code: 'custom', message: importMessages.mappingUnreadable })
        return z.NEVER
      }
    })
    .optional()

/**
 * More tables than any register has: the rest of a sheet is read as the last one's rows
 * (sheet-layout.ts).
 */
export const IMPORT_MAX_TABLES = 10

/** What the secretary chose for one table of the sheet, by its place in the sheet. */
export const tableChoiceSchema = z.object({
  /** The row of its headings; found when not given. */
  headings: z.int().min(1).optional(),
  /** The mapping to use as it is. */
  mapping: columnMappingSchema.optional(),
  /** Choices to keep where the table has their columns (the file chosen again), guesses for the rest. */
  keep: columnMappingSchema.optional(),
  /** Leave the table out of the import. */
  skip: z.boolean().optional(),
})
export type TableChoice = z.infer<typeof tableChoiceSchema>

/** The text fields sent with the file, on each step. */
export const importFormSchema = z.object({
  kind: importKindSchema,
  sheet: z.string().max(200).optional(),
  /** Each table's choices, in the sheet's order; a table without is found and guessed. */
  tables: jsonField(z.array(tableChoiceSchema).max(IMPORT_MAX_TABLES), 200_000),
  existing: existingChoiceSchema.default('skip'),
  names: jsonField(nameCorrectionsSchema, 1_000_000),
  /** The site the file is of (issue 46); the first open site when left out. */
  site: z.coerce.number().int().min(1).optional(),
})
export type ImportForm = z.infer<typeof importFormSchema>

/** A row the secretary may choose as a table's headings instead: its number and its text. */
export const rowChoiceSchema = z.object({ row: z.int(), text: z.string() })
export type RowChoice = z.infer<typeof rowChoiceSchema>

/** One table of the sheet: where it is, its columns, and the mapping used (sent, or a guess). */
export const importTableSchema = z.object({
  /** The row of its headings. */
  headings: z.int(),
  /** The one-cell row above its headings ("Waiting list"), or ''. */
  title: z.string(),
  columns: z.array(z.string()),
  rowCount: z.int(),
  /** Its first and last rows under the headings (0 when it has none). */
  firstRow: z.int(),
  lastRow: z.int(),
  mapping: columnMappingSchema,
  skip: z.boolean(),
  /** Why its mapping cannot be used (a required field without a column…), or null. */
  problem: z.string().nullable(),
  /** Rows near its headings that could be its headings instead. */
  choices: z.array(rowChoiceSchema),
})
export type ImportTable = z.infer<typeof importTableSchema>

/** What the file holds: its sheets, and the tables of the sheet read. */
export const importColumnsSchema = z.object({
  sheets: z.array(z.string()),
  sheet: z.string(),
  tables: z.array(importTableSchema),
  /** The rows of the tables imported. */
  rowCount: z.int(),
})
export type ImportColumns = z.infer<typeof importColumnsSchema>

export const refusedRowSchema = z.object({
  row: z.int(),
  message: z.string(),
  /** How the row's full name was read, for correcting it. */
  split: z.array(writtenNameSchema).optional(),
})
export type RefusedRow = z.infer<typeof refusedRowSchema>

/** A field of a record already kept that the import would change. */
export const fieldChangeSchema = z.object({ field: z.string(), old: z.string(), new: z.string() })
export type FieldChange = z.infer<typeof fieldChangeSchema>

/** What a row does: a new record, an update of one kept, one kept as it is, or one skipped. */
export const rowActionSchema = z.enum(['new', 'update', 'unchanged', 'skip'])
export type RowAction = z.infer<typeof rowActionSchema>

export const previewRowSchema = z.object({
  row: z.int(),
  action: rowActionSchema,
  /** The record under our fields' labels, as it will be saved (or as it is kept). */
  values: z.record(z.string(), z.string()),
  changes: z.array(fieldChangeSchema),
  /**
   * How the row's full name was read, when the file has one (for correcting): every person it
   * names, each a row of the preview with the same row number.
   */
  split: z.array(writtenNameSchema).optional(),
  /** The name as the file writes it, when it names more than one person. */
  written: z.string().optional(),
})
export type PreviewRow = z.infer<typeof previewRowSchema>

export const importCountsSchema = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  skipped: z.int(),
  /** Plots a people file names that were not recorded, made by the import. */
  newPlots: z.int().default(0),
})
export type ImportCounts = z.infer<typeof importCountsSchema>

/** A site the file's rows go to, and how many of its rows. */
export const siteRowsSchema = z.object({ name: z.string(), rows: z.int() })
export type SiteRows = z.infer<typeof siteRowsSchema>

/**
 * The dry run: every row as it will be saved (the screen pages them), what would change in
 * records already kept, and every row that would be refused; or, when the mapping cannot be used
 * (a required field without a column, one column for two fields), why not.
 */
export const importCheckSchema = importColumnsSchema.extend({
  preview: z.array(previewRowSchema),
  refused: z.array(refusedRowSchema),
  counts: importCountsSchema,
  /** People in the file who are already recorded (by e-mail, or by name and address). */
  recognised: z.int(),
  existing: existingChoiceSchema,
  /** The first problem of the tables imported (each has its own), or null. */
  problem: z.string().nullable(),
  /** How many rows go to each site, when the rows name more than one (else none). */
  bySite: z.array(siteRowsSchema).default([]),
})
export type ImportCheck = z.infer<typeof importCheckSchema>

export const importDoneSchema = importCountsSchema.extend({
  importId: z.int(),
  tenancies: z.int(),
})
export type ImportDone = z.infer<typeof importDoneSchema>

/** The last import, while it can still be undone. */
export const lastImportSchema = z.object({
  id: z.int(),
  kind: importKindSchema,
  fileName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  created: z.int(),
  updated: z.int(),
})
export type LastImport = z.infer<typeof lastImportSchema>

/** Which import to undo: the last, as /api/import/last gave it. */
export const undoImportSchema = z.object({ id: z.int() })

export const importUndoneSchema = z.object({ removed: z.int(), restored: z.int() })
export type ImportUndone = z.infer<typeof importUndoneSchema>

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
export const IMPORT_MAX_ROWS = 20_000
/** Rows a page of the preview shows. */
export const IMPORT_PREVIEW_PAGE = 25
