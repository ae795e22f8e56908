import { z } from 'zod'
import { optionalText, rowNumber } from '#shared/schemas/text-fields'
import { NOTES_MAX, personFieldsSchema, personSchema } from '#shared/schemas/person'

// Possible duplicates and the merge of two records (issue 46).

const nickname = z.string().min(1).max(40)

/** A record as the duplicates report shows it: who they are, how to reach them, where they are. */
export const duplicatePersonSchema = personSchema.pick({
  id: true,
  title: true,
  firstName: true,
  lastName: true,
  email: true,
  altEmail: true,
  plots: true,
  isPlotHolder: true,
  onWaitingList: true,
})
export type DuplicatePerson = z.infer<typeof duplicatePersonSchema>

export const duplicateGroupSchema = z.object({
  reasons: z.array(z.enum(['email', 'namePostcode'])),
  people: z.array(duplicatePersonSchema.extend({ postcode: z.string() })),
})
export type DuplicateGroupAnswer = z.infer<typeof duplicateGroupSchema>

/** The two records a merge would make one. */
export const mergePairQuerySchema = z.object({ kept: nickname, merged: nickname })

/** Both records as they stand, and what stands in the way of merging them (a sentence each). */
export const mergePreviewSchema = z.object({
  kept: personSchema,
  merged: personSchema,
  blockers: z.array(z.string()),
})
export type MergePreview = z.infer<typeof mergePreviewSchema>

/**
 * The details the merged record keeps, each the value of one of the two records. The notes may be
 * both records' joined, so up to twice as long as one record's.
 */
export const mergeFieldsSchema = personFieldsSchema
  .pick({
    firstName: true,
    lastName: true,
    address: true,
    phoneNumber: true,
    email: true,
    altEmail: true,
    contactBy: true,
    concession: true,
  })
  .extend({
    title: personFieldsSchema.shape.title.unwrap(),
    notes: optionalText('notes', NOTES_MAX * 2 + 2),
    reference: z.string().trim().min(1).max(40),
  })

/** A merge: the record that stays and the one that goes, each at the version the screen showed. */
export const mergeInputSchema = z.object({
  keptId: nickname,
  mergedId: nickname,
  keptVersion: rowNumber,
  mergedVersion: rowNumber,
  fields: mergeFieldsSchema,
})
export type MergeInput = z.infer<typeof mergeInputSchema>

export const mergeAnswerSchema = z.object({ person: personSchema, mergedId: z.string() })
export type MergeAnswer = z.infer<typeof mergeAnswerSchema>
