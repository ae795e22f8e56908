// Seeded randomness and day arithmetic for the generator: no clock, no Math.random.

// mulberry32: tiny, fast and good enough for test data.
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export type Random = ReturnType<typeof random>

export function random(seed: number) {
  const next = mulberry32(seed)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    int,
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[items[i], items[j]] = [items[j] as T, items[i] as T]
      }
      return items
    },
  }
}

export const DAY = 86_400_000

export function dayNumber(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms)) {
    throw new Error(`The reference date must be YYYY-MM-DD, not '${date}'.`)
  }
  return ms / DAY
}

export const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
