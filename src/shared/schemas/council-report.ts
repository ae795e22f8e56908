import { z } from 'zod'

// What councils are asked (issue 46, item 6; decision 52): each site's figures for a year, and
// their total. Money in whole pence.

const count = z.number().int().min(0)
const pence = z.number().int()

export const councilFiguresSchema = z.object({
  plots: count,
  let: count,
  vacant: count,
  /** Vacant and kept off the grid: the product's only mark of a plot not to be let. */
  notLettable: count,
  /** Open places on the list at the year's end (today, for the current year). */
  waiting: count,
  /** Offers accepted in the year. */
  lettings: count,
  /** Whole days from joining the site's list to accepting, on average; null with no letting. */
  averageWaitDays: z.number().int().min(0).nullable(),
  invoiced: pence,
  paid: pence,
  arrears: pence,
})
export type CouncilFigures = z.infer<typeof councilFiguresSchema>

export const councilReportSchema = z.object({
  year: z.number().int(),
  /** The years that may be chosen, newest first: the current one back to the first on record. */
  years: z.array(z.number().int()),
  sites: z.array(councilFiguresSchema.extend({ siteId: z.number().int(), name: z.string() })),
  total: councilFiguresSchema,
})
export type CouncilReport = z.infer<typeof councilReportSchema>

export const councilReportQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2999).optional(),
})
