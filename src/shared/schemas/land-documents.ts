import { z } from 'zod'
import { requiredText } from '#shared/schemas/text-fields'
import { isoDate } from '#shared/schemas/person'
import { landMessages } from '#shared/messages/land'

export const MAX_PDF_BYTES = 20 * 1024 * 1024

// A land document belongs to the group named by its dateDescription: 'YYYY-MM-DD;description'.
export function joinDateDescription(date: string, description: string): string {
  return `${date};${description}`
}

// Splits at the first semicolon: a date never holds one, a description may.
export function splitDateDescription(dateDescription: string) {
  const at = dateDescription.indexOf(';')
  if (at < 0) return { date: dateDescription, description: '' }
  return { date: dateDescription.slice(0, at), description: dateDescription.slice(at + 1) }
}

const documentName = requiredText(landMessages.nameRequired, 'document name', 200)

const description = requiredText(landMessages.descriptionRequired, 'description', 300)

export const landDocumentSchema = z.object({
  id: z.number(),
  name: z.string(),
  sortOrder: z.number(),
  size: z.number(),
})

export const landGroupSchema = z.object({
  dateDescription: z.string(),
  date: z.string(),
  description: z.string(),
  documents: z.array(landDocumentSchema),
})

// One document with its group, as uploads and changes answer (and log) it.
export const landDocumentDetailSchema = landDocumentSchema.extend({
  dateDescription: z.string(),
  date: z.string(),
  description: z.string(),
})

export const landUploadFieldsSchema = z.object({ date: isoDate, description, name: documentName })

// sortOrder is the position in the group, from 0; the server renumbers the others around it.
export const landDocumentChangeSchema = z
  .object({
    name: documentName.optional(),
    date: isoDate.optional(),
    description: description.optional(),
    sortOrder: z.int().min(0).max(10_000).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: landMessages.nothingToChange,
  })

export type LandDocument = z.infer<typeof landDocumentSchema>
export type LandGroup = z.infer<typeof landGroupSchema>
export type LandDocumentDetail = z.infer<typeof landDocumentDetailSchema>
export type LandUploadFields = z.infer<typeof landUploadFieldsSchema>
export type LandDocumentChange = z.infer<typeof landDocumentChangeSchema>

// The magic bytes every PDF file starts with.
export function looksLikePdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-
  return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte)
}
