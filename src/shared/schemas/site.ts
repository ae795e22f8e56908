import { z } from 'zod'
import { SITE_FACILITIES } from '#shared/domain/sites'
import { siteMessages } from '#shared/messages/sites'
import { ONE_LINE, optionalText, requiredText, rowNumber } from '#shared/schemas/text-fields'

export const SITE_NAME_MAX = 80

const facility = z.enum(SITE_FACILITIES)

/** A site as the API returns it. */
export const siteSchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
  description: z.string(),
  facilities: z.array(facility),
  /** The day it was retired; null while in use. */
  retiredOn: z.string().nullable(),
  version: rowNumber,
})
export type Site = z.infer<typeof siteSchema>

export const siteFieldsSchema = z.object({
  name: requiredText(siteMessages.nameRequired, 'name', SITE_NAME_MAX).regex(
    ONE_LINE,
    siteMessages.nameRequired,
  ),
  address: optionalText('address', 300),
  description: optionalText('description', 1_000),
  facilities: z.array(facility).max(SITE_FACILITIES.length),
})
export type SiteFields = z.infer<typeof siteFieldsSchema>

export const updateSiteSchema = siteFieldsSchema.extend({ version: rowNumber })
export type UpdateSite = z.infer<typeof updateSiteSchema>

/** Retiring a site, or bringing it back, at the version the administrator saw. */
export const siteVersionSchema = z.object({ version: rowNumber })

/** The query of a list that may show one site: its id, or every site when left out. */
export const siteQuerySchema = z.object({ site: z.coerce.number().int().min(1).optional() })

/**
 * An open site as the public's "Our sites" page shows it (decision 51): what the site is told
 * as, its plots let and vacant, how many wait on its list and its typical wait in months (null
 * while there are too few lettings to say). Counts only: no one's record.
 */
export const publicSiteSchema = siteSchema
  .pick({
    id: true,
    name: true,
    address: true,
    description: true,
    facilities: true,
  })
  .extend({
    plotsLet: z.int(),
    plotsVacant: z.int(),
    waiting: z.int(),
    typicalWaitMonths: z.int().nullable(),
  })
export type PublicSite = z.infer<typeof publicSiteSchema>
