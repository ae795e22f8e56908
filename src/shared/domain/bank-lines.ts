// Every bank line in its place (issue 47, item 4): the treasurer's categories, income or spending;
// the words that name a line's payee, by which a rule learnt from the treasurer's choice knows the
// payee's next line; and the line's category once kept: Rent when a payment was recorded from it,
// else a rule's, else none until the treasurer chooses.

export type CategoryKind = 'income' | 'spending'

export interface BankCategory {
  key: string
  name: string
  kind: CategoryKind
  retired: boolean
}

/** Where the payments recorded from statement lines go. It may be renamed, never retired. */
export const RENT_CATEGORY = 'rent'

const usual = (kind: CategoryKind, names: Record<string, string>): BankCategory[] =>
  Object.entries(names).map(([key, name]) => ({ key, name, kind, retired: false }))

/** The categories every association starts with; the treasurer adds, renames and retires. */
export const USUAL_BANK_CATEGORIES: readonly BankCategory[] = [
  ...usual('income', {
    [RENT_CATEGORY]: 'Rent',
    water: 'Water',
    deposits: 'Deposits',
    donations: 'Donations',
    grants: 'Grants',
    trading: 'Trading',
    'other-income': 'Other income',
  }),
  ...usual('spending', {
    'water-bill': 'Water bill',
    insurance: 'Insurance',
    repairs: 'Repairs',
    'skip-hire': 'Skip hire',
    'deposits-returned': 'Deposits returned',
    'other-spending': 'Other spending',
  }),
]

/** The treasurer's list: the usual categories as changed, then those added, in the order added. */
export function categoriesOf(changed: readonly BankCategory[]): BankCategory[] {
  const byKey = new Map(changed.map((category) => [category.key, category]))
  const usualKeys = new Set(USUAL_BANK_CATEGORIES.map((category) => category.key))
  return [
    ...USUAL_BANK_CATEGORIES.map((category) => byKey.get(category.key) ?? category),
    ...changed.filter((category) => !usualKeys.has(category.key)),
  ]
}

const MAX_PAYEE = 200

/**
 * The words naming a line's payee, as the bank wrote them but without marks: its words up to the
 * first that holds a digit, where the references, dates and amounts that change from one line to
 * the next begin ("WESSEX WATER DD 40171234 MAR" is "WESSEX WATER DD"); a line that starts with a
 * number keeps its words without digits. One pass over the words: no pattern is made of anyone's
 * text.
 */
export function payeeWords(reference: string): string {
  const words = reference
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}0-9&']/gu, ''))
    .filter((word) => word !== '')
  const firstNumber = words.findIndex((word) => /\d/.test(word))
  const named = firstNumber === -1 ? words : words.slice(0, firstNumber)
  const payee = named.length > 0 ? named : words.filter((word) => !/\d/.test(word))
  return payee.join(' ').slice(0, MAX_PAYEE)
}

/** The payee's words as a rule knows them: lower case, so "Wessex Water" is "WESSEX WATER". */
export const payeeOf = (reference: string) => payeeWords(reference).toLowerCase()

export type CategoryBy = 'matched' | 'rule' | 'treasurer'

/** A line's category when it is kept: Rent when a payment was recorded from it, else a rule's. */
export function keptCategory(
  recorded: boolean,
  ruleCategory: string | undefined,
): { categoryKey: string | null; categoryBy: CategoryBy | null } {
  if (recorded) return { categoryKey: RENT_CATEGORY, categoryBy: 'matched' }
  if (ruleCategory !== undefined) return { categoryKey: ruleCategory, categoryBy: 'rule' }
  return { categoryKey: null, categoryBy: null }
}

/**
 * The order to keep a statement's lines in, oldest first: banks write some statements newest
 * first, and the balance at each end of a year is read from its first and last lines.
 */
export function oldestFirst<T extends { date: string }>(lines: readonly T[]): T[] {
  const dated = lines.filter((line) => line.date !== '')
  const newestFirst = dated.length > 1 && dated[0]!.date > dated.at(-1)!.date
  return newestFirst ? [...lines].reverse() : [...lines]
}
