// Which invoices a payment quoting no invoice reference may be for, best first, for the committee
// to confirm or change: members write "plot 12 rent", "J SMITH ALLOTMENT" or nothing at all (a
// Faster Payment's reference is cut at 18 characters). The plot named, the payer's surname, their
// first name or initial, and the amount being exactly what is owed each count; the amount alone
// counts only when one invoice alone owes it. Joint tenants paying one sum are offered the two
// invoices whose sums it is. A line paying more than an invoice owes is still offered it: the rest
// is the payer's credit (decision 33).

export interface OpenInvoice {
  number: number
  plotId: string
  payerName: string
  outstanding: number
}

/** An invoice suggested, and how much of the line goes to it. */
export type SuggestedPart<T extends OpenInvoice> = { invoice: T; amount: number }

const MAX_SUGGESTIONS = 3
// Named invoices tried in pairs: a surname many payers share stays a bounded search.
const MAX_PAIRED = 12
const PLOT = 4
const SURNAME = 3
const FIRST_NAME = 1
const EXACT_AMOUNT = 2

const squeeze = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')
const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9']+/)
      .filter(Boolean),
  )

// "plot 12", "PLOT12", "plot no. 12a", "plt 3"; and a plot named with letters as well as digits
// ("A12") anywhere, as a word of its own.
function plotsNamed(reference: string, words: ReadonlySet<string>): Set<string> {
  const named = [...reference.matchAll(/\bpl(?:o)?t\s*(?:no\.?|number)?\s*([a-z]?\d+[a-z]?)\b/gi)]
  return new Set([
    ...named.map((match) => squeeze(match[1]!)),
    ...[...words].filter((word) => /[a-z]/.test(word) && /\d/.test(word)),
  ])
}

/**
 * A line's payer text: its words without numbers (references, dates, amounts change from one
 * payment to the next; "FROM M ELLISON" does not), by which the payer is known again.
 */
export const payerTextOf = (reference: string) =>
  reference
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter((word) => word.replace(/'/g, '') !== '')
    .join(' ')
    .slice(0, 200)

interface Known<T> {
  invoice: T
  plot: string
  surname: string | undefined
  first: string | undefined
}

function nameScore({ surname, first }: Known<OpenInvoice>, words: ReadonlySet<string>): number {
  if (!surname || surname.length < 2 || !words.has(surname)) return 0
  const initial = first !== undefined && (words.has(first) || words.has(first[0]!))
  return SURNAME + (initial ? FIRST_NAME : 0)
}

/**
 * What suggests the ways a money-in line may be paid to the open invoices, best first: each an
 * invoice taking the whole line (what it pays beyond the balance is the payer's credit), or two
 * splitting it. The invoices are indexed once for every line of a statement, by plot, surname and
 * amount owed, so that a line is set only against the invoices its words or amount name.
 */
export function invoiceSuggester<T extends OpenInvoice>(invoices: readonly T[]) {
  const byPlot = new Map<string, Known<T>[]>()
  const bySurname = new Map<string, Known<T>[]>()
  const byAmount = new Map<number, Known<T>[]>()
  const add = <K>(index: Map<K, Known<T>[]>, key: K, known: Known<T>) => {
    const list = index.get(key)
    if (list) list.push(known)
    else index.set(key, [known])
  }
  for (const invoice of invoices) {
    if (invoice.outstanding <= 0) continue
    const names = invoice.payerName
      .toLowerCase()
      .split(/[^a-z']+/)
      .filter(Boolean)
    const known: Known<T> = {
      invoice,
      plot: squeeze(invoice.plotId),
      surname: names.at(-1),
      first: names.length > 1 ? names[0] : undefined,
    }
    add(byPlot, known.plot, known)
    if (known.surname && known.surname.length >= 2) add(bySurname, known.surname, known)
    add(byAmount, invoice.outstanding, known)
  }

  return (line: { amount: number; reference: string }): SuggestedPart<T>[][] => {
    if (line.amount <= 0) return []
    const words = wordsOf(line.reference)
    const plots = plotsNamed(line.reference, words)
    const sameAmount = byAmount.get(line.amount) ?? []
    const onlyOne = sameAmount.length === 1
    const candidates = new Set<Known<T>>([
      ...[...plots].flatMap((plot) => byPlot.get(plot) ?? []),
      ...[...words].flatMap((word) => bySurname.get(word) ?? []),
      ...(onlyOne ? sameAmount : []),
    ])
    const ranked = [...candidates]
      .map((known) => {
        const score = (plots.has(known.plot) ? PLOT : 0) + nameScore(known, words)
        const exact = known.invoice.outstanding === line.amount && (score > 0 || onlyOne)
        return { invoice: known.invoice, score: score + (exact ? EXACT_AMOUNT : 0) }
      })
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || a.invoice.number - b.invoice.number)
    const whole = ranked.map(({ invoice }) => [{ invoice, amount: line.amount }])
    const named = ranked.filter(({ score }) => score >= SURNAME).slice(0, MAX_PAIRED)
    const pairs = named.flatMap(({ invoice: a }, at) =>
      named
        .slice(at + 1)
        .filter(({ invoice: b }) => a.outstanding + b.outstanding === line.amount)
        .map(({ invoice: b }) => [
          { invoice: a, amount: a.outstanding },
          { invoice: b, amount: b.outstanding },
        ]),
    )
    return [...pairs, ...whole].slice(0, MAX_SUGGESTIONS)
  }
}
