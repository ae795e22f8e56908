// A waiting-list reference, as a person is sent it and types it in at "Where am I on the list?":
// 8 letters and digits, without the look-alikes (no I, O, 0 or 1), so 32⁸ ≈ 10¹² of them. The
// random source is the caller's: the server's is node:crypto's, a seed's its own generator.

export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const REFERENCE_LENGTH = 8

/** A reference drawn with `randomBelow(n)`, a whole number from 0 to n − 1. */
export function makeReference(randomBelow: (n: number) => number): string {
  return Array.from(
    { length: REFERENCE_LENGTH },
    () => REFERENCE_ALPHABET[randomBelow(REFERENCE_ALPHABET.length)],
  ).join('')
}
