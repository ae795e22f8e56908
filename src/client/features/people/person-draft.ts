import type { z } from 'zod'
import { blankPerson } from '#shared/domain/people'
import { londonDate } from '#shared/domain/dates'
import type { Person } from '#shared/schemas/person'
import { commonMessages } from '#shared/messages/common'
import type { PeopleMode } from './mode.ts'

// What the person form edits: every field as text, exactly as typed, until the schema parses it
// (the concession is a tick box).
export type PersonDraft = Pick<
  Person,
  | 'id'
  | 'title'
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
  | 'notes'
>

export type DraftField = keyof PersonDraft
/** The fields typed as text. */
export type TextDraftField = Exclude<DraftField, 'concession'>

export function draftOf(person: Person): PersonDraft {
  const { id, title, firstName, lastName, dateJoined, joinedWaitingList } = person
  const { address, phoneNumber, email, altEmail, contactBy, concession, notes } = person
  return {
    id,
    title,
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
    notes,
  }
}

export const blankDraft = (mode: PeopleMode): PersonDraft =>
  draftOf(blankPerson('', mode === 'waitinglist', londonDate(new Date())))

// The spec shows one message at a time, the first rule broken.
export const firstIssue = (error: z.ZodError) =>
  error.issues[0]?.message ?? commonMessages.somethingWentWrong
