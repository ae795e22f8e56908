import { z } from 'zod'
import { KEY_KINDS, KEY_OUTCOMES } from '#shared/domain/keys'
import { MAX_PENCE } from '#shared/domain/money'
import { PAYMENT_METHODS } from '#shared/domain/rent'
import { keyMessages } from '#shared/messages/keys'
import { depositInputSchema } from '#shared/schemas/deposits'
import { isoDate } from '#shared/schemas/person'
import { optionalText, requiredText, rowNumber } from '#shared/schemas/text-fields'

// Keys and fobs (issue 48, item 4, decision 64): a site's keys, and each person's time with one.

const amount = z.int().min(1).max(MAX_PENCE)
const keyKindSchema = z.enum(KEY_KINDS)
const personId = z.string().trim().min(1).max(40)

export const keyInputSchema = z.object({
  siteId: z.int().min(1),
  number: requiredText(keyMessages.numberRequired, 'Number or label', 20),
  kind: keyKindSchema,
  note: optionalText('Note', 200).default(''),
})
export type KeyInput = z.infer<typeof keyInputSchema>

/** The deposit taken with a key, as a holding shows it. */
export const keyDepositSchema = z.object({
  id: z.int(),
  kindName: z.string(),
  plotId: z.string(),
  held: z.int(),
  version: z.int(),
})

/** One person's time with a key: handed over, and returned or lost once ended. */
export const keyHoldingSchema = z.object({
  id: z.int(),
  keyId: z.int(),
  number: z.string(),
  kind: keyKindSchema,
  siteId: z.int(),
  personId: z.string(),
  personName: z.string(),
  handedOn: z.string(),
  endedOn: z.string().nullable(),
  outcome: z.enum(KEY_OUTCOMES).nullable(),
  /** What a lost key cost beside any of its deposit kept (pence). */
  charge: z.int().nullable(),
  note: z.string(),
  deposit: keyDepositSchema.nullable(),
})
export type KeyHolding = z.infer<typeof keyHoldingSchema>
/** The latest first. */
export const keyHoldingsSchema = z.array(keyHoldingSchema)

export const keySchema = z.object({
  id: z.int(),
  siteId: z.int(),
  number: z.string(),
  kind: keyKindSchema,
  note: z.string(),
  version: z.int(),
  /** Who holds it now, if anyone. */
  holding: keyHoldingSchema.nullable(),
})
export type Key = z.infer<typeof keySchema>
export const keysSchema = z.array(keySchema)

/** A key handed to a person on a day, against the key's version read, with a deposit or none. */
export const handOverSchema = z.object({
  version: rowNumber,
  personId,
  date: isoDate,
  /** The deposit taken with it, for one of the person's plots on the key's site. */
  deposit: depositInputSchema.omit({ date: true }).optional(),
})
export type HandOver = z.infer<typeof handOverSchema>

/** A key come back, against its version read, with what of its deposit is given back. */
export const keyReturnSchema = z.object({
  version: rowNumber,
  date: isoDate,
  refund: z.object({ amount, method: z.enum(PAYMENT_METHODS) }).optional(),
})
export type KeyReturn = z.infer<typeof keyReturnSchema>

/**
 * A key lost, against its version read: what of its deposit the society keeps for it, and what is
 * charged beside (a key with no deposit, or one costing more than it).
 */
export const keyLostSchema = z.object({
  version: rowNumber,
  date: isoDate,
  kept: amount.optional(),
  charge: amount.optional(),
  note: optionalText('Note', 200).default(''),
})
export type KeyLost = z.infer<typeof keyLostSchema>
