import { offerMessages } from '#shared/messages/offers'
import type { OwnFields } from '#client/components/sites/site-own-settings.tsx'
import { SelectField, TextField } from '#client/components/ui/field.tsx'
import { textBinding } from '#client/lib/form-values.ts'
import type { OffersDraft } from './settings-draft.ts'

// How plots are offered: fields of the organisation's letting settings and of a site's own
// (decision 53), each form placing them among its own.
export function OfferFields({ values, change, errorFor }: OwnFields<OffersDraft>) {
  return (
    <>
      <TextField
        label={offerMessages.offerDays}
        inputMode="numeric"
        autoComplete="off"
        required
        error={errorFor('offerDays')}
        {...textBinding(values, change)('offerDays')}
      />
      <SelectField
        label={offerMessages.declinePolicy}
        name="goesToEnd"
        value={values.goesToEnd}
        onChange={(event) => change({ goesToEnd: event.target.value === 'yes' ? 'yes' : 'no' })}
      >
        <option value="no">{offerMessages.keepsPlace}</option>
        <option value="yes">{offerMessages.goesToEnd}</option>
      </SelectField>
    </>
  )
}
