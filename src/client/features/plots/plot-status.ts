import type { PlotStatus } from '#shared/domain/plots'

// The same words as the map's legend, so grid and map describe a plot alike.
export const statusWords: Record<PlotStatus, string> = {
  vacant: 'Vacant',
  occupied: 'Occupied',
  unpaid: 'Unpaid',
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`
