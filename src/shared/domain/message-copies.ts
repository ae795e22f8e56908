import { fillFields, placeField, plotsField, type MergeValues } from '#shared/domain/merge-fields'
import { titledName } from '#shared/domain/person-names'
import { penceText } from '#shared/domain/money'
import { longDate } from '#shared/domain/dates'
import { plotMessages } from '#shared/messages/plots'
import type { ContactBy } from '#shared/domain/contact-ways'

// Who gets which copy of a message, and what it says to them.

export type Channel = 'email' | 'post'

export interface Addressee {
  id: string
  /** Mr, Mrs, Dr…; '' when not known. */
  title: string
  firstName: string
  lastName: string
  email: string
  address: string
  contactBy: ContactBy
  /** Their plots' names (another site's "1" is keyed "1-2"), in plot order. */
  plots: readonly string[]
  /**
   * What they owe, in pence: their unpaid rent invoices once there is a rent year, else the fees
   * of their plots not yet paid.
   */
  amountDue: number
  /** The plots they hold whose rent another tenant pays, by who pays (issue 43). */
  paidBy: ReadonlyArray<{ payerName: string; plots: readonly string[] }>
  /** Their reference for "Where am I on the list?" (issue 44). */
  reference: string
  /** Their place on the waiting list, null off it. */
  place: { position: number; total: number } | null
  /** Their latest notice of a rent rise: their plots' rent before and after it, and its day. */
  rentRise?: { oldAmount: number; newAmount: number; takesEffect: string } | null
}

export interface Association {
  name: string
  contactAddress: string
}

export interface Copy {
  personId: string
  channel: Channel
  /** The e-mail address, or the name and postal address for the envelope's window. */
  recipient: string
  subject: string
  body: string
}

/** The ways a person hears from us: as they chose, except that without an e-mail address, post. */
export function waysOf(person: Pick<Addressee, 'email' | 'contactBy'>): Channel[] {
  if (person.email.trim() === '') return ['post']
  if (person.contactBy === 'both') return ['email', 'post']
  return [person.contactBy]
}

export const fullName = (person: Pick<Addressee, 'id' | 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim() || person.id

/** Who is named by their title where it is known (a payer who left has none). */
type Named = Pick<Addressee, 'id' | 'firstName' | 'lastName'> & { title?: string }

/**
 * The name after "Dear": the title and last name when the title is known ("Mrs Ellison"), else the
 * first name, or the whole name when there is none.
 */
export function dearName(person: Named): string {
  const title = person.title?.trim() ?? ''
  if (title && person.lastName.trim()) return `${title} ${person.lastName.trim()}`
  return person.firstName || fullName(person)
}

/** The fields every letter may use: who it is to, and who it is from. */
export function personValues(person: Named, association: Association): MergeValues {
  return {
    title: person.title ?? '',
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: fullName(person),
    dearName: dearName(person),
    associationName: association.name,
    associationAddress: association.contactAddress,
  }
}

export function mergeValues(person: Addressee, association: Association): MergeValues {
  return {
    ...personValues(person, association),
    plots: plotsField(person.plots),
    amountDue: amountDueText(person),
    reference: person.reference,
    place: placeField(person.place),
    oldRent: person.rentRise ? penceText(person.rentRise.oldAmount) : '',
    newRent: person.rentRise ? penceText(person.rentRise.newAmount) : '',
    rentFrom: person.rentRise ? longDate(person.rentRise.takesEffect) : '',
  }
}

/**
 * `{amountDue}`: what they owe; when they owe nothing because another tenant pays for their plots,
 * with who pays (a co-tenant read "plot 3: £0.00"). Still an amount first, so that "You owe
 * {amountDue}." and "£{amountDue}" read right.
 */
function amountDueText(person: Addressee): string {
  const owed = penceText(person.amountDue)
  if (person.amountDue !== 0 || person.paidBy.length === 0) return owed
  const whoPays = person.paidBy
    .map(({ payerName, plots }) => plotMessages.paysTheRent(payerName, plotsField(plots)))
    .join('; ')
  return plotMessages.owesNothingAsPaidBy(owed, whoPays)
}

/** A letter's subject and text with the fields filled in; a value is never a line break in a subject. */
export function filledLetter(draft: { subject: string; body: string }, values: MergeValues) {
  return {
    subject: fillFields(draft.subject, values).replace(/\s+/g, ' ').trim(),
    body: fillFields(draft.body, values),
  }
}

/** The copies of one message to these people: one for each way each of them is reached. */
export function copiesFor(
  people: readonly Addressee[],
  draft: { subject: string; body: string },
  association: Association,
): Copy[] {
  return people.flatMap((person) => {
    const { subject, body } = filledLetter(draft, mergeValues(person, association))
    return copiesForOne(person, subject, () => body)
  })
}

/**
 * The name and postal address a letter is made out to, as the envelope's window shows them: with
 * their title, "Mrs Margaret Ellison".
 */
export const postalRecipient = (person: Named & Pick<Addressee, 'address'>) =>
  `${titledName(person) || person.id}\n${person.address}`.trim()

/** One person's copies: one for each way they are reached, each worded for its channel. */
export function copiesForOne(
  person: Named & Pick<Addressee, 'email' | 'address' | 'contactBy'>,
  subject: string,
  bodyFor: (channel: Channel) => string,
): Copy[] {
  return waysOf(person).map((channel) => ({
    personId: person.id,
    channel,
    recipient: channel === 'email' ? person.email.trim() : postalRecipient(person),
    subject,
    body: bodyFor(channel),
  }))
}

/** How many people the copies reach, and how many copies go by each way. */
export function reachOf(copies: readonly Pick<Copy, 'personId' | 'channel'>[]) {
  return {
    people: new Set(copies.map((copy) => copy.personId)).size,
    email: copies.filter((copy) => copy.channel === 'email').length,
    post: copies.filter((copy) => copy.channel === 'post').length,
  }
}

/** The first person's copies, as a preview shows them before anything is sent. */
export function firstPersonsCopies(copies: readonly Copy[]) {
  const first = copies[0]?.personId
  return copies
    .filter((copy) => copy.personId === first)
    .map(({ channel, recipient, subject, body }) => ({ channel, recipient, subject, body }))
}
