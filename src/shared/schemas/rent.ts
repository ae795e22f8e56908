import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import { statementMessages } from '#shared/messages/statement'
import { AREA_UNITS } from '#shared/domain/area'
import { MAX_PENCE, MAX_RATE } from '#shared/domain/money'
import { moneyMessages } from '#shared/messages/money'
import { PART_YEAR_RULES } from '#shared/domain/part-year'
import { ENTRY_KINDS, everyYearHas, PAYMENT_METHODS, RENT_STEPS } from '#shared/domain/rent'
import { isoDate } from '#shared/schemas/person'
import { siteQuerySchema } from '#shared/schemas/site'
import { days, monthDay, rowNumber } from '#shared/schemas/text-fields'

// The rent year's records. Every amount is whole pence (an integer): the API never carries
// pounds, so no sum ever meets a fraction.

export const pence = z
  .number({ error: rentMessages.amountWholePence })
  .int({ error: rentMessages.amountWholePence })
  .min(1, { error: rentMessages.amountWholePence })
  .max(MAX_PENCE, { error: rentMessages.amountWholePence })

const penceOrNothing = z.number().int().min(0).max(MAX_PENCE)

/**
 * The rates: what a plot is charged. The organisation's, and a site's own where it has them
 * (issue 46, decision 48); the rest of the rent settings are the organisation's alone.
 */
export const rentRatesSchema = z.object({
  /** The plot's fee, or a rate for its area; a plot let as a full, half or quarter plot pays its band's fee. */
  chargeBasis: z.enum(['fee', 'area']),
  /** Hundredths of a penny per square metre or rod (the areaUnit): £0.2569 a m² is 2569. */
  areaRate: z
    .int({ error: moneyMessages.rateMoney })
    .min(0, moneyMessages.rateMoney)
    .max(MAX_RATE, moneyMessages.rateMoney),
  /** Pence. */
  bandFees: z.object({ full: penceOrNothing, half: penceOrNothing, quarter: penceOrNothing }),
  /** Percent off the rent for a person with a concession. */
  concessionPercent: z.int().min(0).max(100),
  extras: z.array(z.object({ name: z.string().trim().min(1).max(60), amount: pence })).max(10),
})
export type RentRates = z.infer<typeof rentRatesSchema>

/** What the administrator sets once: how rent is charged, paid and chased. */
export const rentSettingsSchema = z
  .object({
    /** The day the rent year starts, MM-DD (01 October: 10-01). */
    yearStart: monthDay,
    /** Days from the invoice to its due date. */
    daysToPay: days,
    /** The unit areas are typed and read in, and the rate is per: square metres or rods. */
    areaUnit: z.enum(AREA_UNITS),
    ...rentRatesSchema.shape,
    /** Bank details and how to pay, printed on every invoice. */
    paymentInstructions: z.string().trim().max(1000),
    reminderDays: z.object({ first: days, second: days, arrears: days }),
    /** What a plot let after the year started is charged; settings saved before say months. */
    partYear: z.enum(PART_YEAR_RULES).default('months'),
    /** Notice before a raised rate may take effect (decision 62); settings saved before say 12. */
    raiseNoticeMonths: z.int().min(0).max(24).default(12),
  })
  .refine(
    (s) =>
      s.reminderDays.first < s.reminderDays.second &&
      s.reminderDays.second < s.reminderDays.arrears,
    { error: rentMessages.reminderDaysOrder, path: ['reminderDays'] },
  )
export type RentSettings = z.infer<typeof rentSettingsSchema>
/** The unit the plots' screens use for areas (GET /api/rent/area-unit). */
export const areaUnitAnswerSchema = z.object({ areaUnit: z.enum(AREA_UNITS) })
/**
 * The day raised rates take effect (decision 62), sent with the rates saved: required for a raise,
 * no earlier than the notice allows; a rate lowered takes effect at once, whatever it says.
 */
const raiseDate = { takesEffect: isoDate.optional() }
// Version 0: never saved, the defaults.
export const storedRentSettingsSchema = rentSettingsSchema.safeExtend({ version: z.int().min(0) })
export type StoredRentSettings = z.infer<typeof storedRentSettingsSchema>
/**
 * The settings as saved: the start day one that every year has (not 30 February, nor 29
 * February, which would skip three years in four). Checked on saving only, so that settings
 * stored before are still read.
 */
export const rentSettingsInputSchema = storedRentSettingsSchema
  .safeExtend(raiseDate)
  .refine((s) => everyYearHas(s.yearStart), {
    error: commonMessages.invalidDate,
    path: ['yearStart'],
  })

/**
 * A site's rent settings (GET and PUT /api/rent/settings/sites/:siteId): its own rates, or null
 * when its plots are charged the organisation's (a site clears its own to fall back to them).
 * Version 0: never saved.
 */
export const siteRentSettingsSchema = z.object({
  rates: rentRatesSchema.nullable(),
  version: z.int().min(0),
})
export type SiteRentSettings = z.infer<typeof siteRentSettingsSchema>
/** A site's rates as saved, with the day a raise takes effect. */
export const siteRentSettingsInputSchema = siteRentSettingsSchema.safeExtend(raiseDate)
export type SiteRentSettingsInput = z.infer<typeof siteRentSettingsInputSchema>

/** A rise of the rates waiting to take effect, with the tenants whose rent rises (decision 62). */
export const rateRaiseSchema = z.object({
  id: z.int(),
  /** Null: the organisation's rates (every site without its own). */
  siteId: z.int().nullable(),
  takesEffect: z.string(),
  madeBy: z.string(),
  madeAt: z.string(),
  notices: z.array(
    z.object({
      personId: z.string(),
      personName: z.string(),
      plotId: z.string(),
      plotName: z.string(),
      oldAmount: z.int(),
      newAmount: z.int(),
    }),
  ),
})
export type RateRaise = z.infer<typeof rateRaiseSchema>

/** A person's notices of a rent rise, on their page (decision 62). */
export const personRaiseNoticeSchema = z.object({
  raiseId: z.int(),
  plotId: z.string(),
  plotName: z.string(),
  oldAmount: z.int(),
  newAmount: z.int(),
  takesEffect: z.string(),
  madeBy: z.string(),
})
export type PersonRaiseNotice = z.infer<typeof personRaiseNoticeSchema>

export const entryKindSchema = z.enum(ENTRY_KINDS)
export const paymentMethodSchema = z.enum(PAYMENT_METHODS)
export const rentStepSchema = z.enum(RENT_STEPS)

export const invoiceLineSchema = z.object({ description: z.string(), amount: z.int() })
export type InvoiceLine = z.infer<typeof invoiceLineSchema>

export const ledgerEntrySchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  kind: entryKindSchema,
  amount: z.number(),
  method: paymentMethodSchema.nullable(),
  date: z.string(),
  reference: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
})
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>

/**
 * An invoice's instalments as the committee last split it (issue 47, item 3, decision 60): a new
 * split is the next version; what was settled before it is kept, for the instalments to settle
 * only what was paid after.
 */
export const instalmentPlanSchema = z.object({
  version: z.int(),
  coveredBefore: z.int(),
  madeBy: z.string(),
  madeAt: z.string(),
  instalments: z.array(z.object({ dueDate: z.string(), amount: z.int() })),
})
export type InstalmentPlanRecord = z.infer<typeof instalmentPlanSchema>

/**
 * A split (POST /api/rent/invoices/:id/instalments): what is still owed, into a number of
 * instalments or in instalments of an amount, monthly from the first due date. `version`: the
 * split it replaces (0: none).
 */
export const instalmentSplitSchema = z.object({
  version: z.int().min(0),
  firstDueDate: isoDate,
  /** One of the two: the server refuses both or neither. */
  count: z.int().min(1).max(1000).optional(),
  amount: pence.optional(),
})
export type InstalmentSplit = z.infer<typeof instalmentSplitSchema>

/** An invoice with its balance, summed from the ledger when it is read. */
export const invoiceSchema = z.object({
  id: z.number(),
  number: z.number(),
  yearId: z.number(),
  yearLabel: z.string(),
  plotId: z.string(),
  /** The plot as its readers name it (another site's "1" is keyed "1-2"), and its site. */
  plotName: z.string(),
  siteId: z.number(),
  payerId: z.string(),
  payerName: z.string(),
  issuedOn: z.string(),
  dueDate: z.string(),
  amount: z.number(),
  paid: z.number(),
  refunded: z.number(),
  writtenOff: z.number(),
  /** Credit carried from this invoice to pay another, and credit brought from one to pay this. */
  carried: z.number(),
  paidFromCredit: z.number(),
  cancelled: z.boolean(),
  /** Below nought when paid beyond what it asks: the payer's credit. */
  outstanding: z.number(),
  /** Each step taken, and the due date it counted from: the invoice's, or an instalment's. */
  steps: z.array(z.object({ step: rentStepSchema, date: z.string(), from: z.string() })),
  /** Its instalments when the committee split it (decision 60), else null. */
  split: instalmentPlanSchema.nullable(),
})
export type Invoice = z.infer<typeof invoiceSchema>

/** A notice to quit running for an invoice (decision 61), as the arrears list shows it. */
export const runningRentNoticeSchema = z.object({ sentOn: z.string(), endsOn: z.string() })
export type RunningRentNotice = z.infer<typeof runningRentNoticeSchema>

/**
 * An invoice in arrears, with the whole days it is past due (issue 47, item 6), and the notice to
 * quit running for it, if one is (decision 61).
 */
export const arrearsInvoiceSchema = invoiceSchema.extend({
  daysPastDue: z.int(),
  noticeToQuit: runningRentNoticeSchema.nullable(),
})
export type ArrearsInvoice = z.infer<typeof arrearsInvoiceSchema>

/** A member's own invoices, newest first, and how to pay (issue 29). */
export const myRentSchema = z.object({
  invoices: z.array(invoiceSchema),
  /** What the member paid beyond what was asked, to be used by their next invoice. */
  credit: z.number(),
  paymentInstructions: z.string(),
})
export type MyRent = z.infer<typeof myRentSchema>

export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  entries: z.array(ledgerEntrySchema),
})
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>

export const rentYearSchema = z.object({
  id: z.number(),
  label: z.string(),
  startDate: z.string(),
  dueDate: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
})
export type RentYear = z.infer<typeof rentYearSchema>

const count = z.int().min(0).max(1_000_000)
/** What starting a year sends at once: its invoices, as e-mails and as letters. */
export const sendingSchema = z.object({ invoices: count, emails: count, letters: count })

export const previewYearSchema = z.object({ startDate: isoDate })

/**
 * Starting a year: `confirmed` is what its preview said would be sent and the secretary
 * confirmed. The server starts the year only when that is still what it would send.
 */
export const startYearSchema = previewYearSchema.extend({
  confirmed: z.object(sendingSchema.shape, { error: rentMessages.startNeedsConfirmation }),
  /** The plots whose paid flag, set before the first year, is not to be a payment (issue 43). */
  dropPaid: z.array(z.string().max(40)).max(100_000).default([]),
})
export type StartYear = z.infer<typeof startYearSchema>

/** The invoices a rent year would make, before anything is stored. */
export const yearPreviewSchema = z.object({
  label: z.string(),
  startDate: z.string(),
  /** Today: the date the invoices would bear. */
  issuedOn: z.string(),
  /** The days to pay after the start, or after `issuedOn` when the start has passed. */
  dueDate: z.string(),
  /** The day of the first reminder, as the settings have it now: none is sent before. */
  firstReminder: z.string(),
  sending: sendingSchema,
  alreadyStarted: z.boolean(),
  invoices: z.array(
    z.object({
      plotId: z.string(),
      plotName: z.string(),
      siteId: z.number(),
      payerId: z.string(),
      payerName: z.string(),
      channel: z.enum(['email', 'post', 'both']),
      lines: z.array(invoiceLineSchema),
      amount: z.number(),
      /** The plot's paid flag, set before the first year: paid in full unless dropped. */
      paidBefore: z.boolean(),
    }),
  ),
  total: z.number(),
})
export type YearPreview = z.infer<typeof yearPreviewSchema>

/** A payment as the treasurer records it; `requestId` makes a second submission the same one. */
export const paymentInputSchema = z.object({
  amount: pence,
  method: paymentMethodSchema,
  date: isoDate,
  reference: z.string().trim().max(200),
  requestId: z.uuid(),
})
export type PaymentInput = z.infer<typeof paymentInputSchema>

/** A correction: money given back, a debt let go, or the invoice withdrawn. */
export const correctionInputSchema = z.object({
  kind: z.enum(['refund', 'writeoff', 'cancel']),
  amount: pence.optional(),
  date: isoDate,
  reference: z.string().trim().min(1, rentMessages.referenceRequired).max(200),
  requestId: z.uuid(),
})
export type CorrectionInput = z.infer<typeof correctionInputSchema>

/** A payer's credit given back, dated the day it is recorded: how much, and the transfer's reference. */
export const creditRefundSchema = z.object({
  amount: pence,
  reference: z.string().trim().min(1, rentMessages.referenceRequired).max(200),
  requestId: z.uuid(),
})
export type CreditRefund = z.infer<typeof creditRefundSchema>

/** A payer's credit used on their invoices that owe, dated the day it is recorded. */
export const creditUseSchema = z.object({ requestId: z.uuid() })
export type CreditUse = z.infer<typeof creditUseSchema>

/** A person's or a plot's invoices with every entry on them, and (a person's) their credit. */
export const invoiceStatementSchema = z.object({
  invoices: z.array(invoiceSchema),
  entries: z.array(ledgerEntrySchema),
  credit: z.number(),
})
export type InvoiceStatement = z.infer<typeof invoiceStatementSchema>

export const yearSummarySchema = z.object({
  yearId: z.number(),
  label: z.string(),
  invoices: z.number(),
  invoiced: z.number(),
  received: z.number(),
  refunded: z.number(),
  writtenOff: z.number(),
  cancelled: z.number(),
  /** Credit carried from the year's invoices to others, and brought to them from others. */
  carried: z.number(),
  paidFromCredit: z.number(),
  /** Still owed on the invoices that owe; the credit of those paid beyond what they ask. */
  outstanding: z.number(),
  credit: z.number(),
})
export type YearSummary = z.infer<typeof yearSummarySchema>

export const dueItemSchema = z.object({
  invoice: invoiceSchema,
  step: rentStepSchema,
  date: z.string(),
  done: z.boolean(),
})
export type DueItem = z.infer<typeof dueItemSchema>

/** An invoice a bank statement's line may pay. */
const statementInvoiceSchema = z.object({
  invoiceId: z.number(),
  number: z.number(),
  plotId: z.string(),
  plotName: z.string(),
  siteId: z.number(),
  payerName: z.string(),
  outstanding: z.number(),
})
export type StatementInvoice = z.infer<typeof statementInvoiceSchema>

/** A line of a bank statement and the invoice it seems to pay. */
export const statementLineSchema = z.object({
  line: z.number(),
  date: z.string(),
  amount: z.number(),
  reference: z.string(),
  /** The line's identity, the same in every statement it appears in. */
  lineId: z.string(),
  /** The invoice whose reference the line quotes. */
  match: statementInvoiceSchema.nullable(),
  /** With no reference quoted: the invoices (one, or two sharing the sum) it may pay, best first. */
  suggestions: z.array(z.array(z.object({ invoice: statementInvoiceSchema, amount: z.number() }))),
  /** Recorded already, from this statement or another with the same line, or tied to a payment. */
  recorded: z.boolean(),
  /** A payment recorded by hand that the line seems to be, to tie it to: the line is then done. */
  byHand: z
    .object({
      entryId: z.number(),
      invoiceId: z.number(),
      number: z.number(),
      date: z.string(),
      amount: z.number(),
    })
    .nullable(),
  problem: z.string().nullable(),
})
export type StatementLine = z.infer<typeof statementLineSchema>

const statementColumn = z
  .int({ error: statementMessages.columnMissing })
  .min(0, { error: statementMessages.columnMissing })
  .max(59, { error: statementMessages.columnMissing })

/** Which column of a statement holds what: the committee's mapping of a layout we do not know. */
export const statementColumnsSchema = z
  .object(
    {
      date: statementColumn,
      amount: statementColumn.optional(),
      moneyIn: statementColumn.optional(),
      moneyOut: statementColumn.optional(),
      reference: statementColumn,
      payee: statementColumn.optional(),
    },
    { error: statementMessages.layoutUnreadable },
  )
  .refine((columns) => columns.amount !== undefined || columns.moneyIn !== undefined, {
    error: statementMessages.needsMoney,
    path: ['amount'],
  })
export type StatementColumns = z.infer<typeof statementColumnsSchema>

/** A layout kept under a name (the bank's), used for every statement of its width. */
export const statementLayoutSchema = z
  .object(
    {
      name: z
        .string({ error: statementMessages.layoutNameNeeded })
        .trim()
        .min(1, { error: statementMessages.layoutNameNeeded })
        .max(60, { error: statementMessages.layoutNameTooLong }),
      columnCount: z
        .int({ error: statementMessages.layoutUnreadable })
        .min(2, { error: statementMessages.layoutUnreadable })
        .max(60, { error: statementMessages.layoutUnreadable }),
      columns: statementColumnsSchema,
    },
    { error: statementMessages.layoutUnreadable },
  )
  .refine(
    ({ columnCount, columns }) =>
      Object.values(columns).every((column) => column === undefined || column < columnCount),
    { error: statementMessages.columnMissing, path: ['columns'] },
  )
export type StatementLayout = z.infer<typeof statementLayoutSchema>

/** A statement checked: its lines matched, or (its columns unknown) its first rows to map. */
export const statementCheckSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('lines'),
    /** The layout it was read as (a bank's, the committee's, OFX, QIF), if any by name. */
    layout: z.string().nullable(),
    /** Read from columns (a CSV), which the committee may map again. */
    canMap: z.boolean(),
    lines: z.array(statementLineSchema),
    /** Every invoice still owing, for a line the committee pays to another than suggested. */
    openInvoices: z.array(statementInvoiceSchema),
  }),
  z.object({
    kind: z.literal('columns'),
    preview: z.array(z.array(z.string())),
    columnCount: z.number(),
  }),
])
export type StatementCheck = z.infer<typeof statementCheckSchema>

export const confirmMatchesSchema = z.object({
  matches: z
    .array(
      z.object({
        invoiceId: rowNumber,
        amount: pence,
        date: isoDate,
        reference: z.string().trim().max(200),
        line: z.int().min(1),
        requestId: z.uuid(),
        /** The statement line's identity: a line recorded once is passed over after. */
        lineId: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional(),
      }),
    )
    .min(1)
    .max(5000),
})
export type ConfirmMatches = z.infer<typeof confirmMatchesSchema>

/** A statement line tied to a payment recorded by hand: the line is done, and never offered again. */
export const statementTieSchema = z.object({
  lineId: z.string().regex(/^[0-9a-f]{64}$/),
  entryId: rowNumber,
})
export type StatementTie = z.infer<typeof statementTieSchema>

/** The payments CSV's query: its dates, and the one site asked for (every site in scope without). */
export const dateRangeSchema = z
  .object({ from: isoDate, to: isoDate, ...siteQuerySchema.shape })
  .refine((range) => range.from <= range.to, { error: rentMessages.dateRangeInvalid, path: ['to'] })
