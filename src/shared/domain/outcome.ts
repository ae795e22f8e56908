// A rule a user can break answers with a refusal instead of throwing, so callers must handle it.
// A refusal of one field of a form names it (the field's key), so the form shows it there too.
export type Refusal = { ok: false; message: string; field?: string }
export type Outcome<T> = { ok: true; value: T } | Refusal

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value }
}

export function refuse(message: string, field?: string): Refusal {
  return field === undefined ? { ok: false, message } : { ok: false, message, field }
}
