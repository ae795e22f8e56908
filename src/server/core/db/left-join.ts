/**
 * The rows of one record left-joined to its links (a row per link, or one row with null when it
 * has none): the record's row and the linked ids; undefined when the record was not found.
 */
export function withLinkedIds<R, K extends keyof R>(
  rows: readonly R[],
  key: K,
): [R, Array<NonNullable<R[K]>>] | undefined {
  const [first] = rows
  if (first === undefined) return undefined
  return [first, rows.flatMap((row) => (row[key] == null ? [] : [row[key] as NonNullable<R[K]>]))]
}
