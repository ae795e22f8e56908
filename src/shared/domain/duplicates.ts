import { normaliseName } from '#shared/domain/person-names'

// Issue 46: people recorded twice (an applicant on several lists, a tenant imported again) found
// by what two records of one person share: an e-mail address, or the same name at the same
// postcode. Each record is filed under its keys once, so the report is one pass over everyone,
// never a comparison of every pair.

/** Why two records are thought to be one person. */
export type DuplicateReason = 'email' | 'namePostcode'

export const DUPLICATE_REASONS: readonly DuplicateReason[] = ['email', 'namePostcode']

/** What the report reads of a record. */
export interface DuplicateCandidate {
  id: string
  firstName: string
  lastName: string
  email: string
  altEmail: string
  address: string
}

/** Records thought to be one person, and why (both reasons when both hold). */
export interface DuplicateGroup<P> {
  reasons: DuplicateReason[]
  people: P[]
}

// A UK postcode: the outward code (area letters, district digit and an optional letter or digit)
// and the inward code (a digit and two letters), with or without the space between them.
const POSTCODE = /(?<![A-Z0-9])([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})(?![A-Z0-9])/g

/** The last UK postcode written in an address, upper case with one space ("RV6 7EX"); '' if none. */
export function postcodeOf(address: string): string {
  const found = [...address.toUpperCase().replace(/\s+/g, ' ').matchAll(POSTCODE)].pop()
  return found ? `${found[1]} ${found[2]}` : ''
}

// Addresses that stand for having none: a spreadsheet's "none@none.com", a form's "no@email",
// and the reserved .invalid domain an account without an address holds (RFC 2606).
const NO_ADDRESS_WORDS = new Set([
  'none',
  'noemail',
  'no-email',
  'no.email',
  'nomail',
  'no',
  'na',
  'n/a',
  'nil',
  'unknown',
  'noreply',
  'no-reply',
  'donotreply',
  'do-not-reply',
])

/** Whether an address is one a record holds in place of having none. */
export function isPlaceholderEmail(email: string): boolean {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@')
  const firstLabel = domain.split('.')[0] ?? ''
  return (
    NO_ADDRESS_WORDS.has(local) || NO_ADDRESS_WORDS.has(firstLabel) || domain.endsWith('.invalid')
  )
}

/** The record's e-mail addresses as keys: lower case, blanks and placeholders left out. */
export function emailKeys(person: Pick<DuplicateCandidate, 'email' | 'altEmail'>): string[] {
  const keys = [person.email, person.altEmail]
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '' && !isPlaceholderEmail(email))
  return [...new Set(keys)]
}

/** The record's name and postcode as a key ('' without either): case and spacing ignored. */
export function namePostcodeKey(person: DuplicateCandidate): string {
  const name = normaliseName(`${person.firstName} ${person.lastName}`.trim())
  const postcode = postcodeOf(person.address)
  return name && postcode ? `${name}|${postcode}` : ''
}

/**
 * The groups of records that share an e-mail address, or a name and postcode, in one pass: each
 * record filed under its keys, and each key held by two or more records a group. Records found
 * together for both reasons are one group with both; the groups come in the order of their first
 * record as given.
 */
export function duplicateGroups<P extends DuplicateCandidate>(
  people: readonly P[],
): Array<DuplicateGroup<P>> {
  // Most keys are one record's: a list is made only for a key met a second time.
  const byKey = new Map<string, P | P[]>()
  const file = (key: string, person: P) => {
    const filed = byKey.get(key)
    if (filed === undefined) byKey.set(key, person)
    else if (Array.isArray(filed)) filed.push(person)
    else byKey.set(key, [filed, person])
  }
  for (const person of people) {
    for (const key of emailKeys(person)) file(`email:${key}`, person)
    const key = namePostcodeKey(person)
    if (key) file(`namePostcode:${key}`, person)
  }
  const groups = new Map<string, DuplicateGroup<P>>()
  for (const [key, members] of byKey) {
    if (!Array.isArray(members)) continue
    const reason: DuplicateReason = key.startsWith('email:') ? 'email' : 'namePostcode'
    const together = members.map((person) => person.id).join('\n')
    const group = groups.get(together)
    if (group) {
      if (!group.reasons.includes(reason)) group.reasons.push(reason)
    } else groups.set(together, { reasons: [reason], people: members })
  }
  const order = new Map(people.map((person, index) => [person.id, index]))
  return [...groups.values()]
    .map((group) => ({
      ...group,
      reasons: DUPLICATE_REASONS.filter((reason) => group.reasons.includes(reason)),
    }))
    .sort((a, b) => order.get(a.people[0]!.id)! - order.get(b.people[0]!.id)!)
}
