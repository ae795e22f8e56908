import { useQuery } from '@tanstack/react-query'
import { termsText, USUAL_CONCESSION_KINDS } from '#shared/domain/concessions'
import { parsePounds, penceInput } from '#shared/domain/money'
import { concessionMessages as words } from '#shared/messages/concessions'
import type { ConcessionKind, ConcessionKindInput } from '#shared/schemas/concessions'
import { RadioGroup, TextField } from '../../components/ui/field.tsx'
import { useFormValues } from '../../lib/form-values.ts'
import { KindsSection } from '#client/components/rent/kinds-section.tsx'
import { concessionKindsQuery } from '#client/components/rent/concessions-api.ts'

// The kinds of concession (issue 47, decision 57): the administrator's, for the whole
// organisation. An association with none is offered the four councils publish.

const BLANK = { name: '', by: 'percent', amount: '', appliesTo: 'rent' }

export function ConcessionKinds() {
  const kinds = useQuery(concessionKindsQuery())
  const form = useFormValues(BLANK)

  function readKind(): ConcessionKindInput | string {
    const name = form.values.name.trim()
    if (!name) return words.kindNameRequired
    const appliesTo = form.values.appliesTo === 'rentAndExtras' ? 'rentAndExtras' : 'rent'
    if (form.values.by === 'percent') {
      const percent = Number(form.values.amount)
      if (!Number.isInteger(percent) || percent < 1 || percent > 100) return words.percentRange
      return { name, percent, fixedPence: null, appliesTo }
    }
    const pence = parsePounds(form.values.amount)
    if (!pence.ok) return pence.message
    return { name, percent: null, fixedPence: pence.value, appliesTo }
  }

  return (
    <KindsSection
      id="concession-kinds"
      words={words}
      kinds={kinds}
      path="/api/rent/concession-kinds"
      usual={USUAL_CONCESSION_KINDS}
      describe={termsText}
      readKind={readKind}
      fill={(kind: ConcessionKind) =>
        form.reset({
          name: kind.name,
          by: kind.percent === null ? 'fixed' : 'percent',
          amount: kind.percent === null ? penceInput(kind.fixedPence ?? 0) : String(kind.percent),
          appliesTo: kind.appliesTo,
        })
      }
      onSaved={() => form.reset(BLANK)}
    >
      <TextField
        label={words.kindNameLabel}
        autoComplete="off"
        required
        maxLength={60}
        {...form.text('name')}
      />
      <RadioGroup
        legend={words.reductionLegend}
        name="concession-by"
        options={[
          { value: 'percent', label: words.byPercent },
          { value: 'fixed', label: words.byFixed },
        ]}
        value={form.values.by}
        onChange={(by) => form.change({ by })}
      />
      <TextField
        label={form.values.by === 'percent' ? words.percentLabel : words.fixedLabel}
        inputMode={form.values.by === 'percent' ? 'numeric' : 'decimal'}
        autoComplete="off"
        required
        {...form.text('amount')}
      />
      <RadioGroup
        legend={words.appliesLegend}
        name="concession-applies"
        options={[
          { value: 'rent', label: words.appliesTo.rent },
          { value: 'rentAndExtras', label: words.appliesTo.rentAndExtras },
        ]}
        value={form.values.appliesTo}
        onChange={(appliesTo) => form.change({ appliesTo })}
      />
    </KindsSection>
  )
}
