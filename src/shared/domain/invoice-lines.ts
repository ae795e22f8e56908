import { concessionLine, type ConcessionTerms } from '#shared/domain/concessions'
import {
  linesTotal,
  rentLine,
  type Chargeable,
  type ChargeRules,
  type RentRules,
} from '#shared/domain/rent'

// A plot's invoice, line by line: apart from rent.ts, which the screens load, so that the words
// of concessions travel only to the server (and the screens that show concessions).

/** What a payer holds: the old concession flag (the settings' percentage), and grants in force. */
export interface PayerConcessions {
  flag: boolean
  grants: readonly ConcessionTerms[]
}

/**
 * The lines of a plot's invoice: the rent, a concession off it (the one that takes off most, of
 * the flag's percentage and the payer's grants in force; decision 57), and the extras.
 */
export function invoiceLines(
  plot: Chargeable,
  concessions: PayerConcessions,
  rules: ChargeRules & Pick<RentRules, 'concessionPercent' | 'extras'>,
): Array<{ description: string; amount: number }> {
  const rent = rentLine(plot, rules)
  const extras = rules.extras.map((extra) => ({ description: extra.name, amount: extra.amount }))
  const candidates: ConcessionTerms[] = [...concessions.grants]
  if (concessions.flag)
    candidates.push({
      name: null,
      percent: rules.concessionPercent,
      fixedPence: null,
      appliesTo: 'rent',
    })
  const off = concessionLine(candidates, rent.amount, linesTotal(extras))
  return [rent, ...(off ? [off] : []), ...extras]
}
