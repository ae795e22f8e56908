import { useState } from 'react'
import type { Refusal } from '#shared/domain/outcome'

/**
 * What went wrong with a form, and the field it is about when the refusal named one: the form
 * shows it above its fields, and that field shows it too (errorFor), so that a person finds what
 * to change beside the box they typed it in.
 */
export function useFormError<Field extends string>() {
  const [refusal, setRefusal] = useState<Pick<Refusal, 'message' | 'field'>>({ message: '' })
  return {
    error: refusal.message,
    errorFor: (field: Field) =>
      refusal.message && refusal.field === field ? refusal.message : undefined,
    /** A refusal, shown by its field if it names one; a message alone (the server's), above. */
    setError: (failure: string | Pick<Refusal, 'message' | 'field'>) =>
      setRefusal(typeof failure === 'string' ? { message: failure } : failure),
  }
}
