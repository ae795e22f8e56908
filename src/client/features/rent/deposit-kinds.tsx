import { useQuery } from '@tanstack/react-query'
import { USUAL_DEPOSIT_KINDS } from '#shared/domain/deposits'
import { parsePounds, penceInput, penceText } from '#shared/domain/money'
import { depositMessages as words } from '#shared/messages/deposits'
import type { DepositKind, DepositKindInput } from '#shared/schemas/deposits'
import { TextField } from '../../components/ui/field.tsx'
import { useFormValues } from '../../lib/form-values.ts'
import { KindsSection } from '#client/components/rent/kinds-section.tsx'
import { depositKindsQuery } from '#client/components/rent/deposits-api.ts'

// The kinds of deposit (issue 47, decision 58): the administrator's, for the whole organisation,
// each with the amount taken unless another is given. One with none is offered a key and a plot.

const BLANK = { name: '', amount: '' }

export function DepositKinds() {
  const kinds = useQuery(depositKindsQuery())
  const form = useFormValues(BLANK)

  function readKind(): DepositKindInput | string {
    const name = form.values.name.trim()
    if (!name) return words.kindNameRequired
    const amount = parsePounds(form.values.amount)
    return amount.ok ? { name, amount: amount.value } : amount.message
  }

  return (
    <KindsSection
      id="deposit-kinds"
      words={words}
      kinds={kinds}
      path="/api/rent/deposit-kinds"
      usual={USUAL_DEPOSIT_KINDS}
      describe={(kind) => penceText(kind.amount)}
      readKind={readKind}
      fill={(kind: DepositKind) => form.reset({ name: kind.name, amount: penceInput(kind.amount) })}
      onSaved={() => form.reset(BLANK)}
    >
      <TextField
        label={words.kindNameLabel}
        autoComplete="off"
        required
        maxLength={60}
        {...form.text('name')}
      />
      <TextField
        label={words.kindAmountLabel}
        inputMode="decimal"
        autoComplete="off"
        required
        {...form.text('amount')}
      />
    </KindsSection>
  )
}
