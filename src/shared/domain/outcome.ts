// A rule a user can break answers with a refusal instead of throwing, so callers must handle it.
export type Refusal = { ok: false; message: string }
export type Outcome<T> = { ok: true; value: T } | Refusal

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value }
}

export function refuse(message: string): Refusal {
  return { ok: false, message }
}
