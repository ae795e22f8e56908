import { z } from 'zod'
import { CONCESSION_APPLIES } from '#shared/domain/concessions'
import { MAX_PENCE } from '#shared/domain/money'
import { concessionMessages } from '#shared/messages/concessions'
import { isoDate } from '#shared/schemas/person'
import { rowNumber } from '#shared/schemas/text-fields'

// Concessions (issue 47, item 1): kinds, the administrator's; grants of them to people, the
// committee's. Amounts are whole pence.

const kindFields = z.object({
  name: z.string().trim().min(1).max(60),
  /** Percent off; or null with a fixed amount instead. */
  percent: z.int().min(1).max(100).nullable(),
  /** Pence off; or null with a percentage instead. */
  fixedPence: z.int().min(1).max(MAX_PENCE).nullable(),
  appliesTo: z.enum(CONCESSION_APPLIES),
})

const onePercentOrFixed = (kind: { percent: number | null; fixedPence: number | null }) =>
  (kind.percent === null) !== (kind.fixedPence === null)

export const concessionKindInputSchema = kindFields.refine(onePercentOrFixed, {
  error: concessionMessages.percentOrFixed,
})
export type ConcessionKindInput = z.infer<typeof concessionKindInputSchema>

export const concessionKindUpdateSchema = kindFields
  .extend({ version: rowNumber })
  .refine(onePercentOrFixed, { error: concessionMessages.percentOrFixed })
export type ConcessionKindUpdate = z.infer<typeof concessionKindUpdateSchema>

export const concessionKindSchema = kindFields.extend({ id: z.int(), version: z.int() })
export type ConcessionKind = z.infer<typeof concessionKindSchema>
export const concessionKindsSchema = z.array(concessionKindSchema)

/** A kind given to a person: from a day, to a day (included) or with no end. */
export const concessionGrantInputSchema = z
  .object({
    kindId: z.int().min(1),
    evidence: z.string().trim().min(1, { error: concessionMessages.evidenceRequired }).max(500),
    startsOn: isoDate,
    endsOn: isoDate.nullable(),
    /** One of the person's plots; null (or left out) for all their plots. */
    plotId: z.string().min(1).max(40).nullable().default(null),
  })
  .refine((grant) => grant.endsOn === null || grant.endsOn >= grant.startsOn, {
    error: concessionMessages.endBeforeStart,
    path: ['endsOn'],
  })
export type ConcessionGrantInput = z.infer<typeof concessionGrantInputSchema>

/** A grant ended on a day (it is in force that day), against the version read. */
export const concessionEndSchema = z.object({ endsOn: isoDate, version: rowNumber })
export type ConcessionEnd = z.infer<typeof concessionEndSchema>

export const concessionGrantSchema = z.object({
  id: z.int(),
  personId: z.string(),
  kindId: z.int(),
  kindName: z.string(),
  /** What it takes off, in words ("25% off the rent"). */
  terms: z.string(),
  evidence: z.string(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  plotId: z.string().nullable(),
  /** The plot's name, for a grant to one plot. */
  plotName: z.string().nullable(),
  grantedBy: z.string(),
  grantedAt: z.string(),
  version: z.int(),
})
export type ConcessionGrant = z.infer<typeof concessionGrantSchema>
export const concessionGrantsSchema = z.array(concessionGrantSchema)

/** Grants ending before the next rent year starts, each with the name of the person holding it. */
export const concessionsEndingSchema = z.object({
  nextYearStart: z.string(),
  grants: z.array(concessionGrantSchema.extend({ personName: z.string() })),
})
export type ConcessionsEnding = z.infer<typeof concessionsEndingSchema>
