import { z } from 'zod'
import { DEPOSIT_ENTRY_KINDS } from '#shared/domain/deposits'
import { MAX_PENCE } from '#shared/domain/money'
import { PAYMENT_METHODS } from '#shared/domain/rent'
import { depositMessages } from '#shared/messages/deposits'
import { isoDate } from '#shared/schemas/person'
import { requiredText, rowNumber } from '#shared/schemas/text-fields'

// Deposits (issue 47, item 2): kinds, the administrator's; deposits taken, returned and kept, the
// committee's. Amounts are whole pence.

const paymentMethodSchema = z.enum(PAYMENT_METHODS)
const amount = z.int().min(1).max(MAX_PENCE)

const kindFields = z.object({
  name: requiredText(depositMessages.kindNameRequired, 'Name', 60),
  /** What is taken unless another amount is given. */
  amount,
})

export const depositKindInputSchema = kindFields
export type DepositKindInput = z.infer<typeof depositKindInputSchema>

export const depositKindUpdateSchema = kindFields.extend({ version: rowNumber })
export type DepositKindUpdate = z.infer<typeof depositKindUpdateSchema>

export const depositKindSchema = kindFields.extend({ id: z.int(), version: z.int() })
export type DepositKind = z.infer<typeof depositKindSchema>
export const depositKindsSchema = z.array(depositKindSchema)

/** A deposit taken from a person for one of their plots (the plot, or a key to its site). */
export const depositInputSchema = z.object({
  kindId: z.int().min(1),
  plotId: z.string().trim().min(1).max(40),
  date: isoDate,
  /** The kind's amount unless another is given. */
  amount: amount.optional(),
  method: paymentMethodSchema,
})
export type DepositInput = z.infer<typeof depositInputSchema>

/**
 * An entry added to a deposit, against the version read: more taken, some or all returned, or
 * kept by the society; with why.
 */
export const depositEntryInputSchema = z.object({
  kind: z.enum(DEPOSIT_ENTRY_KINDS),
  date: isoDate,
  amount,
  /** How it was paid or given back; none for what is kept. */
  method: paymentMethodSchema.nullable(),
  reason: requiredText(depositMessages.reasonRequired, 'Reason', 200),
  version: rowNumber,
})
export type DepositEntryInput = z.infer<typeof depositEntryInputSchema>

export const depositEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(DEPOSIT_ENTRY_KINDS),
  date: z.string(),
  amount: z.int(),
  method: paymentMethodSchema.nullable(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
})
export type DepositEntry = z.infer<typeof depositEntrySchema>

export const depositSchema = z.object({
  id: z.int(),
  personId: z.string(),
  kindId: z.int(),
  kindName: z.string(),
  plotId: z.string(),
  plotName: z.string(),
  siteId: z.int(),
  version: z.int(),
  /** Oldest first. */
  entries: z.array(depositEntrySchema),
  taken: z.int(),
  returned: z.int(),
  kept: z.int(),
  held: z.int(),
})
export type Deposit = z.infer<typeof depositSchema>
export const depositsSchema = z.array(depositSchema)

/** A deposit held at the end of a day, with the name of the person it is owed back to. */
export const heldDepositSchema = z.object({
  id: z.int(),
  personId: z.string(),
  personName: z.string(),
  kindName: z.string(),
  plotId: z.string(),
  plotName: z.string(),
  siteId: z.int(),
  held: z.int(),
})
export type HeldDeposit = z.infer<typeof heldDepositSchema>

export const depositsHeldSchema = z.object({
  date: z.string(),
  total: z.int(),
  deposits: z.array(heldDepositSchema),
})
export type DepositsHeld = z.infer<typeof depositsHeldSchema>
