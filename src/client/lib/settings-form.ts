import { useState, type FormEvent } from 'react'
import { useQueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query'
import type { Outcome } from '#shared/domain/outcome'
import { ApiError, errorMessage } from './api.ts'
import { useFormError } from './form-error.ts'
import { useFormValues } from './form-values.ts'
import { useUnsavedChanges } from './unsaved-changes.tsx'
import { useChange } from './use-change.ts'

interface Options<Saved extends { version: number }, Draft extends object, Settings> {
  /** The settings as the server last gave them. */
  saved: Saved
  /** Where they are cached (refreshed after every save), and how to fetch them after a conflict. */
  query: { queryKey: QueryKey; queryFn?: QueryFunction<Saved, never> }
  draftOf: (settings: Saved) => Draft
  /** The settings the draft says, or the first thing wrong with it. */
  read: (draft: Draft) => Outcome<Settings>
  save: (settings: Settings & { version: number }) => Promise<Saved>
  savedNotice: string
}

/**
 * An administrator's settings form: a draft of what was saved, read on saving and sent with the
 * version it started from. The form stays open after a save, and what was saved is its new,
 * clean, starting point; after a 409 what was typed stays and the administrator chooses when to
 * reload. Render it with SettingsForm.
 */
export function useSettingsForm<Saved extends { version: number }, Draft extends object, Settings>(
  options: Options<Saved, Draft, Settings>,
) {
  const { saved, query, draftOf, read, save, savedNotice } = options
  const form = useFormValues<Draft>(() => draftOf(saved))
  const [version, setVersion] = useState(saved.version)
  const { error, errorFor, setError } = useFormError<Extract<keyof Draft, string>>()
  const [conflict, setConflict] = useState(false)
  const [notice, setNotice] = useState('')
  const leave = useUnsavedChanges(form.changed)
  const client = useQueryClient()
  const saving = useChange({ mutationFn: save, invalidates: [query.queryKey] })

  function startFrom(settings: Saved) {
    form.reset(draftOf(settings))
    setVersion(settings.version)
    setConflict(false)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const settings = read(form.values)
    if (!settings.ok) return setError(settings)
    setError('')
    try {
      startFrom(await saving.mutateAsync({ ...settings.value, version }))
      setNotice(savedNotice)
    } catch (failure) {
      setConflict(failure instanceof ApiError && failure.status === 409)
      setError(errorMessage(failure))
    }
  }

  async function reload() {
    try {
      startFrom(await client.fetchQuery({ ...query, staleTime: 0 }))
      setError('')
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return {
    form,
    error,
    errorFor,
    conflict,
    // A notice of the last save goes once the form is changed again.
    notice: form.changed ? '' : notice,
    pending: saving.isPending,
    prompt: leave.prompt,
    submit,
    reload,
  }
}

/** What SettingsForm shows of the state: the outcome of a save and the way to reload. */
export type SettingsFormState = Pick<
  ReturnType<typeof useSettingsForm>,
  'error' | 'conflict' | 'notice' | 'pending' | 'prompt' | 'submit' | 'reload'
>
