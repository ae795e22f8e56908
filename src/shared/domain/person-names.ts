// How the filters find a person by name: the people filter, and the plots filter by their tenants.

export interface PersonName {
  firstName: string
  lastName: string
}

/** Lower case, with runs of white space as one space. */
export function normaliseName(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ')
}

/** 'first last' and 'last first', lower case, for matching a typed prefix against either. */
export function nameKeys(person: PersonName): [string, string] {
  const first = person.firstName.trim()
  const last = person.lastName.trim()
  return [normaliseName(`${first} ${last}`), normaliseName(`${last} ${first}`)]
}
