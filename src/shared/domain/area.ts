import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { plotMessages } from '#shared/messages/plots'

// A plot's area is kept in whole square metres, whatever unit the society measures in: the
// site map, the grid and every sum read one unit. A society that measures in rods (25.29 m²)
// types and reads rods to a tenth, and a tenth of a rod (2.529 m²) is wider than a square
// metre's rounding, so rods typed always read back as typed.

export const AREA_UNITS = ['squareMetre', 'rod'] as const
export type AreaUnit = (typeof AREA_UNITS)[number]

export const SIZE_BANDS = ['full', 'half', 'quarter'] as const
export type SizeBand = (typeof SIZE_BANDS)[number]

const MAX_SQUARE_METRES = 1_000_000
// 25.29 m², in thousandths of a square metre, so that every conversion is whole numbers.
const ROD_THOUSANDTHS = 25_290

/** Whole numbers divided, halves away from zero up: the one rounding of areas and money. */
export const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator))

/** A plot's area in tenths of the unit: 253 m² is 2530 tenths of a m², or 100 tenths of a rod. */
export const areaTenths = (squareMetres: number, unit: AreaUnit) =>
  unit === 'rod' ? halfUp(squareMetres * 10_000, ROD_THOUSANDTHS) : squareMetres * 10

// Tenths as a number is written: 100 is "10", 45 is "4.5".
const tenthsText = (tenths: number) =>
  tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1)

/** A plot's area as the society reads it: "253 m²", "10 rods", "4.5 rods", "1 rod". */
export function areaText(squareMetres: number, unit: AreaUnit): string {
  if (unit === 'squareMetre') return `${squareMetres} m²`
  const tenths = areaTenths(squareMetres, unit)
  return `${tenthsText(tenths)} ${tenths === 10 ? 'rod' : 'rods'}`
}

/** A plot's area as its form shows it for editing, in the society's unit: "253", "10", "4.5". */
export const areaInput = (squareMetres: number, unit: AreaUnit) =>
  tenthsText(areaTenths(squareMetres, unit)).replace(/\.0$/, '')

/** The area field's label in the society's unit. */
export const areaLabel = (unit: AreaUnit) => (unit === 'rod' ? 'Area (rods)' : 'Area (m²)')

/**
 * An area typed in the society's unit as whole square metres, or why not: square metres whole,
 * rods to a tenth ("10", "4.5").
 */
export function parseArea(text: string, unit: AreaUnit): Outcome<number> {
  const typed = text.trim()
  if (unit === 'squareMetre') {
    const value = /^\d{1,7}$/.test(typed) ? Number(typed) : Number.NaN
    return value <= MAX_SQUARE_METRES ? ok(value) : refuse(plotMessages.areaWholeNumber)
  }
  const rods = /^(\d{1,6})(?:\.(\d))?$/.exec(typed)
  const tenths = rods ? Number(rods[1]) * 10 + Number(rods[2] ?? 0) : Number.NaN
  const squareMetres = halfUp(tenths * ROD_THOUSANDTHS, 10_000)
  return squareMetres <= MAX_SQUARE_METRES ? ok(squareMetres) : refuse(plotMessages.areaInRods)
}
