// Which invoices a payment quoting no invoice reference may be for, best first, for the committee
// to confirm or change: members write "plot 12 rent", "J SMITH ALLOTMENT" or nothing at all (a
// Faster Payment's reference is cut at 18 characters). The plot named, the payer's surname, their
// first name or initial, and the amount being exactly what is owed each count; the amount alone
// counts only when one invoice alone owes it. Joint tenants paying one sum are offered the two
// invoices whose sums it is.

export interface OpenInvoice {
  number: number
  plotId: string
  payerName: string
  outstanding: number
}

/** An invoice suggested, and how much of the line goes to it. */
export type SuggestedPart<T extends OpenInvoice> = { invoice: T; amount: number }

const MAX_SUGGESTIONS = 3
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
 * invoice (or two, splitting the sum), never more than they owe. The invoices are read once for
 * every line of a statement.
 */
export function invoiceSuggester<T extends OpenInvoice>(invoices: readonly T[]) {
  const open: Known<T>[] = invoices
    .filter((invoice) => invoice.outstanding > 0)
    .map((invoice) => {
      const names = invoice.payerName
        .toLowerCase()
        .split(/[^a-z']+/)
        .filter(Boolean)
      return {
        invoice,
        plot: squeeze(invoice.plotId),
        surname: names.at(-1),
        first: names.length > 1 ? names[0] : undefined,
      }
    })
  const owing = new Map<number, number>()
  for (const { invoice } of open)
    owing.set(invoice.outstanding, (owing.get(invoice.outstanding) ?? 0) + 1)

  return (line: { amount: number; reference: string }): SuggestedPart<T>[][] => {
    if (line.amount <= 0) return []
    const words = wordsOf(line.reference)
    const plots = plotsNamed(line.reference, words)
    const onlyOne = owing.get(line.amount) === 1
    const ranked = open
      .map((known) => {
        const score = (plots.has(known.plot) ? PLOT : 0) + nameScore(known, words)
        const exact = known.invoice.outstanding === line.amount && (score > 0 || onlyOne)
        return { invoice: known.invoice, score: score + (exact ? EXACT_AMOUNT : 0) }
      })
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || a.invoice.number - b.invoice.number)
    const whole = ranked
      .filter(({ invoice }) => invoice.outstanding >= line.amount)
      .map(({ invoice }) => [{ invoice, amount: line.amount }])
    const named = ranked.filter(({ score }) => score >= SURNAME)
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
