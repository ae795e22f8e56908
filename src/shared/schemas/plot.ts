import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import { plotMessages } from '#shared/messages/plots'
import { SIZE_BANDS } from '#shared/domain/area'
import { feePounds, parseFee } from '#shared/domain/money'
import { moneyMessages } from '#shared/messages/money'
import { requiredText, rowNumber } from '#shared/schemas/text-fields'

export const gradientSchema = z.enum(['slope', 'flat'], { error: plotMessages.invalidGradient })

export type Gradient = z.infer<typeof gradientSchema>

/** Let as a full, half or quarter plot (its rent the band's fee), or none: charged by the basis. */
export const sizeBandSchema = z.enum(SIZE_BANDS).nullable()

const version = rowNumber
const count = z.int().min(0)

// The full record as the API returns it. isNew and isFailed stand in for the spec's fixed lists.
export const plotSchema = z.object({
  /** The plot's key in addresses and records; its name, unless another site had it first. */
  id: z.string(),
  /** What it is called on its site (issue 46). */
  name: z.string(),
  siteId: z.int(),
  description: z.string(),
  area: count,
  distance: count,
  /** Pounds and pence (32.5); kept in pence. */
  fee: z.number().min(0),
  sizeBand: sizeBandSchema,
  gradient: gradientSchema,
  paid: z.boolean(),
  showOnGrid: z.boolean(),
  isNew: z.boolean(),
  isFailed: z.boolean(),
  tenants: z.array(z.string()),
  /** The tenant who pays the plot's rent (issue 43), by nickname; '' for a vacant plot. */
  payer: z.string(),
  occupied: z.boolean(),
  version,
})

export type Plot = z.infer<typeof plotSchema>

/** The choice of who pays a joint plot's rent. */
export const choosePayerSchema = z.object({
  personId: z
    .string({ error: plotMessages.payerRequired })
    .min(1, plotMessages.payerRequired)
    .max(40, plotMessages.payerRequired),
})
export type ChoosePayer = z.infer<typeof choosePayerSchema>

/** A plot as its own tenant sees it (issue 29): the others on it by first name only. */
export const myPlotSchema = z.object({
  /** Its key, and its name and site, which the member is shown (issue 46). */
  id: z.string(),
  name: z.string(),
  siteId: z.int(),
  description: z.string(),
  area: count,
  coTenants: z.array(z.string()),
})
export type MyPlot = z.infer<typeof myPlotSchema>

/** A tenant's names, for the committee's plots screens (level 2 sees nicknames only). */
export const tenantNameSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
})
export type TenantName = z.infer<typeof tenantNameSchema>

const MAX_MEASURE = 1_000_000

// A fee as typed ("32.50", or a number of pounds) as pounds with at most two places, read as
// pence (parseFee) so that "32.555" is refused, not rounded.
const feeField = z
  .union([z.number(), z.string()], { error: moneyMessages.feeMoney })
  .transform((input, ctx) => {
    const pence = parseFee(String(input))
    if (pence.ok) return feePounds(pence.value)
    ctx.addIssue({ code: 'custom', message: pence.message })
    return z.NEVER
  })

// Form inputs arrive as text; the spec parses area and distance as integers. Unlike
// parseInt, '12.5' or '12 m' is refused rather than quietly cut to 12.
function wholeNumber(message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((input, ctx) => {
    const text = typeof input === 'number' ? String(input) : input.trim()
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN
    if (!(value <= MAX_MEASURE)) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    return value
  })
}

export const plotFieldsSchema = z.object({
  description: z.string().trim().max(500, commonMessages.tooLong('description', 500)),
  area: wholeNumber(plotMessages.areaWholeNumber),
  distance: wholeNumber(plotMessages.distanceWholeNumber),
  fee: feeField,
  sizeBand: sizeBandSchema.default(null),
  gradient: gradientSchema,
  paid: z.boolean(),
  showOnGrid: z.boolean(),
  isNew: z.boolean(),
  isFailed: z.boolean(),
})

// The plot name is used in URLs and on the map, so it stays short and plain.
export const plotName = requiredText(plotMessages.plotNameRequired, 'plot name', 20)
  .regex(/^[\p{L}\p{Nd} -]+$/u, plotMessages.plotNameCharacters)
  // /members/plots/new is the new-plot form, so a plot called 'new' could never be opened.
  .refine((name) => name.toLowerCase() !== 'new', plotMessages.plotNameReserved)

// `id` is the name typed (the spec's field); the site is the first in use unless one is chosen.
export const newPlotSchema = plotFieldsSchema.extend({
  id: plotName,
  siteId: z.int().min(1).max(2_147_483_647).optional(),
})

export const updatePlotSchema = plotFieldsSchema.extend({ version })

export type PlotFields = z.infer<typeof plotFieldsSchema>
export type NewPlot = z.infer<typeof newPlotSchema>
export type UpdatePlot = z.infer<typeof updatePlotSchema>
// What a form may send before area, distance and fee are parsed.
export type PlotFieldsInput = z.input<typeof plotFieldsSchema>
