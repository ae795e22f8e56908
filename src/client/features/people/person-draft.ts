import type { z } from 'zod'
import { blankPerson } from '#shared/domain/people'
import { toIsoDate } from '#shared/domain/text'
import type { Person } from '#shared/schemas/person'
import { commonMessages } from '#shared/messages/common'
import type { PeopleMode } from './mode.ts'

// What the person form edits: every field as text, exactly as typed, until the schema parses it
// (the concession is a tick box).
export type PersonDraft = Pick<
  Person,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'dateJoined'
  | 'joinedWaitingList'
  | 'address'
  | 'phoneNumber'
  | 'email'
  | 'altEmail'
  | 'contactBy'
  | 'concession'
>

export type DraftField = keyof PersonDraft
/** The fields typed as text. */
export type TextDraftField = Exclude<DraftField, 'concession'>

export function draftOf(person: Person): PersonDraft {
  const { id, firstName, lastName, dateJoined, joinedWaitingList } = person
  const { address, phoneNumber, email, altEmail, contactBy, concession } = person
  return {
    id,
    firstName,
    lastName,
    dateJoined,
    joinedWaitingList,
    address,
    phoneNumber,
    email,
    altEmail,
    contactBy,
    concession,
  }
}

export const blankDraft = (mode: PeopleMode): PersonDraft =>
  draftOf(blankPerson('', mode === 'waitinglist', toIsoDate(new Date())))

// The spec shows one message at a time, the first rule broken.
export const firstIssue = (error: z.ZodError) =>
  error.issues[0]?.message ?? commonMessages.somethingWentWrong

export function displayName(person: Pick<Person, 'id' | 'firstName' | 'lastName'>): string {
  const name = `${person.firstName} ${person.lastName}`.trim()
  return name || person.id
}
