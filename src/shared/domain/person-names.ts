// People's names: the titles the person form offers, how the filters find a person by name (the
// people filter, and the plots filter by their tenants), how a name is written with its title, and
// how a name written in a spreadsheet's cell is read as one person or several ("Shah, Priya &
// Arjun"), each with a title ("Ellison, Margaret (Mrs)").

/**
 * The titles the person form offers (any other may be typed): those British associations write
 * most, as they write them (no full stops).
 */
export const PERSON_TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Revd', 'Prof'] as const

export interface PersonName {
  firstName: string
  lastName: string
}

/** A person's names as a cell gives them: "Mrs" (or '') and the first and last names. */
export interface WrittenName extends PersonName {
  title: string
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

// Words that belong with the last name that follows them: "van der Berg", "de la Mare".
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'la',
  'le',
  'st',
  'st.',
  'ter',
  'ten',
  'bin',
  'ibn',
  'al',
  'el',
  'mac',
  'o',
])

// Titles as a register writes them (with or without a full stop), each as a letter uses it.
const TITLES = new Map([
  ['mr', 'Mr'],
  ['mrs', 'Mrs'],
  ['ms', 'Ms'],
  ['miss', 'Miss'],
  ['mx', 'Mx'],
  ['dr', 'Dr'],
  ['doctor', 'Dr'],
  ['revd', 'Revd'],
  ['rev', 'Revd'],
  ['reverend', 'Revd'],
  ['prof', 'Prof'],
  ['professor', 'Prof'],
  ['sir', 'Sir'],
  ['dame', 'Dame'],
  ['lady', 'Lady'],
  ['lord', 'Lord'],
  ['cllr', 'Cllr'],
  ['fr', 'Fr'],
])

/** The title a word is ("mrs." is Mrs), or undefined. */
export function titleOf(word: string): string | undefined {
  return TITLES.get(word.toLowerCase().replace(/\.$/, ''))
}

// What joins two people in one cell: "Priya & Arjun", "Priya and Arjun", "Priya + Arjun".
const JOINERS = new Set(['&', 'and', '+'])

// The words of a text, "&" and "+" words of their own even where written without spaces.
const wordsOf = (text: string) => text.replace(/[&+]/g, ' $& ').split(/\s+/).filter(Boolean)

// Words in groups, one a person, split where a joiner stands.
function groupsOf(words: readonly string[]): string[][] {
  const groups: string[][] = [[]]
  for (const word of words) {
    if (JOINERS.has(word.toLowerCase())) groups.push([])
    else groups.at(-1)!.push(word)
  }
  return groups
}

// A group's titles, at its start (or, last name first, at its end: "Margaret Mrs"), taken off.
function withoutTitles(words: readonly string[], atEnd: boolean) {
  let start = 0
  let end = words.length
  const titles: string[] = []
  while (start < end && titleOf(words[start]!)) titles.push(titleOf(words[start++]!)!)
  while (atEnd && end > start + 1 && titleOf(words[end - 1]!)) titles.push(titleOf(words[--end]!)!)
  return { title: titles.join(' '), words: words.slice(start, end) }
}

// Words of one person's name: the last word is the last name, with any particles before it
// ("Anna van der Berg"); one word is a first name only.
function splitWords(words: readonly string[]): PersonName {
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' }
  let start = words.length - 1
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start--
  return { firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') }
}

// Titles in brackets, "(Mrs)" or "(Mr & Mrs)", taken out of the text; other brackets stay.
function bracketedTitles(text: string): { rest: string; titles: string[] } {
  let rest = ''
  const titles: string[] = []
  let from = 0
  for (let open = text.indexOf('('); open >= 0; open = text.indexOf('(', from)) {
    const close = text.indexOf(')', open)
    if (close < 0) break
    const inner = wordsOf(text.slice(open + 1, close))
    const named = inner.filter((word) => !JOINERS.has(word.toLowerCase()))
    const all = named.length > 0 && named.every((word) => titleOf(word))
    rest += text.slice(from, all ? open : close + 1)
    if (all) titles.push(...named.map((word) => titleOf(word)!))
    from = close + 1
  }
  return { rest: rest + text.slice(from), titles }
}

/**
 * The people a name cell holds, each with a title where it gives one: "A & B Surname",
 * "Surname, A & B" and "A and B Surname" are two people of that last name ("A Surname & B Other"
 * keeps each one's own); "Ellison, Margaret (Mrs)" and "Mrs Margaret Ellison" are Mrs Margaret
 * Ellison. A blank cell is one person with no names. Linear in the text.
 */
export function peopleInName(text: string): WrittenName[] {
  const { rest, titles } = bracketedTitles(text)
  const comma = rest.indexOf(',')
  const lastFirst =
    comma > 0 ? { last: rest.slice(0, comma).trim(), first: rest.slice(comma + 1) } : undefined
  const people =
    lastFirst && lastFirst.last && lastFirst.first.trim()
      ? lastNameFirst(lastFirst.last, lastFirst.first)
      : firstNameFirst(rest)
  // Bracketed titles go, in order, to those the names gave none.
  let next = 0
  return people.map((person) =>
    person.title || next >= titles.length ? person : { ...person, title: titles[next++]! },
  )
}

function lastNameFirst(last: string, first: string): WrittenName[] {
  const lastName = wordsOf(last).join(' ')
  return groupsOf(wordsOf(first.replaceAll(',', ' '))).map((group) => {
    const { title, words } = withoutTitles(group, true)
    return { title, firstName: words.join(' '), lastName }
  })
}

function firstNameFirst(text: string): WrittenName[] {
  const groups = groupsOf(wordsOf(text)).map((group) => withoutTitles(group, false))
  const last = groups.at(-1)!
  // "Mrs Shah": a title and one word is a last name.
  const shared =
    last.title && last.words.length === 1
      ? { firstName: '', lastName: last.words[0]! }
      : splitWords(last.words)
  return groups.map(({ title, words }, index) => {
    if (index === groups.length - 1) return { title, ...shared }
    if (words.length >= 2) return { title, ...splitWords(words) }
    return { title, firstName: words[0] ?? '', lastName: shared.lastName }
  })
}

/** The titles a title cell gives, in order: "Mr & Mrs" is Mr and Mrs; a word that is no title
 * we know is kept as it is written. */
export function titlesIn(text: string): string[] {
  return groupsOf(wordsOf(text))
    .map((group) => group.map((word) => titleOf(word) ?? word).join(' '))
    .filter(Boolean)
}

/**
 * The name with the title before it, as an envelope or the person's page writes it: "Mrs Margaret
 * Ellison"; '' without a name.
 */
export function titledName(person: PersonName & { title?: string }): string {
  const name = `${person.firstName} ${person.lastName}`.trim()
  const title = person.title?.trim() ?? ''
  return name && title ? `${title} ${name}` : name
}

/**
 * The name as a list sorted by surname shows it, the title after it as a register writes it:
 * "Ellison, Margaret (Mrs)"; '' without a name.
 */
export function listedName(person: PersonName & { title?: string }): string {
  const name = [person.lastName.trim(), person.firstName.trim()].filter(Boolean).join(', ')
  const title = person.title?.trim() ?? ''
  return name && title ? `${name} (${title})` : name
}
