import { z } from 'zod'
import { MAX_PENCE } from '#shared/domain/money'
import { EXPORT_FORMATS } from '#shared/domain/year-accounts'
import { rentMessages } from '#shared/messages/rent'
import { yearAccountsMessages } from '#shared/messages/year-accounts'
import { isoDate } from '#shared/schemas/person'

// Every bank line in its place and the year's accounts (issue 47, items 4 and 5): whole pence,
// money out below nought.

const pence = z.number().int()
const categoryKind = z.enum(['income', 'spending'])

export const bankCategorySchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: categoryKind,
  retired: z.boolean(),
})

export const newCategorySchema = z.object({
  name: z.string().trim().min(1, { error: yearAccountsMessages.categoryNameNeeded }).max(60),
  kind: categoryKind,
})
export type NewCategory = z.infer<typeof newCategorySchema>

export const categoryChangeSchema = z.object({
  name: z.string().trim().min(1, { error: yearAccountsMessages.categoryNameNeeded }).max(60),
  retired: z.boolean(),
})
export type CategoryChange = z.infer<typeof categoryChangeSchema>

export const categoryKeyParams = z.object({ key: z.string().min(1).max(60) })

export const bankLineSchema = z.object({
  lineId: z.string(),
  date: z.string(),
  amount: pence,
  reference: z.string(),
  payee: z.string(),
  balance: pence.nullable(),
  categoryKey: z.string().nullable(),
  categoryBy: z.enum(['matched', 'rule', 'treasurer']).nullable(),
})
export type BankLine = z.infer<typeof bankLineSchema>

export const bankLinesSchema = z.object({
  lines: z.array(bankLineSchema),
  counts: z.object({
    lines: z.number(),
    uncategorised: z.number(),
    byRule: z.number(),
    matched: z.number(),
  }),
})
export type BankLines = z.infer<typeof bankLinesSchema>

export const keptLinesSchema = z.object({ kept: z.number(), already: z.number() })
export type KeptLines = z.infer<typeof keptLinesSchema>

export const lineIdParams = z.object({ lineId: z.string().regex(/^[0-9a-f]{64}$/) })

export const lineCategorySchema = z.object({ categoryKey: z.string().min(1).max(60) })

export const categorisedSchema = z.object({ line: bankLineSchema, others: z.number() })
export type Categorised = z.infer<typeof categorisedSchema>

const TWO_YEARS_OF_DAYS = 731
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000

/** A financial year, or any period of at most two years: its first and last days. */
export const periodSchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, { error: rentMessages.dateRangeInvalid, path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) <= TWO_YEARS_OF_DAYS, {
    error: yearAccountsMessages.dateRangeTooLong,
    path: ['to'],
  })
export type Period = z.infer<typeof periodSchema>

export const exportQuerySchema = periodSchema.and(z.object({ format: z.enum(EXPORT_FORMATS) }))

export const openingSchema = z.object({
  from: isoDate,
  balance: z.int().min(-MAX_PENCE).max(MAX_PENCE),
})
export type Opening = z.infer<typeof openingSchema>

const accountRow = z.object({ key: z.string().nullable(), name: z.string(), amount: pence })

export const yearAccountsSchema = z.object({
  from: z.string(),
  to: z.string(),
  receipts: z.array(accountRow),
  payments: z.array(accountRow),
  totalReceipts: pence,
  totalPayments: pence,
  lines: z.number(),
  uncategorised: z.number(),
  opening: pence.nullable(),
  openingSource: z.enum(['entered', 'statement']).nullable(),
  closing: pence.nullable(),
  statementClosing: pence.nullable(),
  difference: pence.nullable(),
  held: z.array(z.object({ label: z.string(), amount: pence })),
  totalHeld: pence,
})
