import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { peopleMessages } from '#shared/messages/people'
import type { Person, UpdatePerson } from '#shared/schemas/person'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.tsx'
import { personQuery, updatePerson } from './api.ts'
import { listPath, type PeopleMode } from './mode.ts'
import { usePeopleChange } from './people-change.ts'
import { draftOf, firstIssue, type DraftField, type PersonDraft } from './person-draft.ts'

// Spec section 4: read-only until Edit; Cancel returns to read-only; Submit saves, then goes back.
export function usePersonEditor(person: Person, mode: PeopleMode) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState<PersonDraft>(() => draftOf(person))
  // The version the edit started from: a background refetch must not make a stale edit look fresh.
  const [version, setVersion] = useState(person.version)
  const [error, setError] = useState('')
  const [conflict, setConflict] = useState(false)
  const [changed, setChanged] = useState(false)
  const leave = useUnsavedChanges(editing && changed)
  const navigate = useNavigate()
  const client = useQueryClient()
  const save = usePeopleChange({
    mutationFn: (body: UpdatePerson) => updatePerson(person.id, body),
    shows: (saved) => ({ saved }),
  })

  function startFrom(record: Person) {
    setDraft(draftOf(record))
    setVersion(record.version)
    setError('')
    setConflict(false)
    setChanged(false)
  }

  return {
    editing,
    busy: save.isPending,
    prompt: leave.prompt,
    error,
    conflict,
    // While not editing, the form follows the record, so it shows other people's saves too.
    shown: editing ? draft : draftOf(person),
    change: (field: DraftField, value: string | boolean) => {
      setDraft((d) => ({ ...d, [field]: value }))
      setChanged(true)
    },
    edit() {
      startFrom(person)
      setEditing(true)
    },
    cancel() {
      setEditing(false)
      setError('')
      setConflict(false)
      setChanged(false)
    },
    async submit() {
      const { updatePersonSchema } = await import('#shared/schemas/person')
      const parsed = updatePersonSchema.safeParse({ ...draft, version })
      if (!parsed.success) return setError(firstIssue(parsed.error))
      setError('')
      try {
        await save.mutateAsync(parsed.data)
      } catch (failure) {
        // What the user typed stays in the form; after a 409 they choose when to reload.
        setConflict(failure instanceof ApiError && failure.status === 409)
        return setError(errorMessage(failure))
      }
      leave.saved()
      await navigate(listPath(mode), { state: { notice: peopleMessages.personSaved(person.id) } })
    },
    // Takes the other member's version and keeps editing, as the staleVersion message asks.
    async reload() {
      try {
        const fresh = await client.fetchQuery({ ...personQuery(person.id), staleTime: 0 })
        startFrom(fresh)
      } catch (failure) {
        setError(errorMessage(failure))
      }
    },
  }
}
