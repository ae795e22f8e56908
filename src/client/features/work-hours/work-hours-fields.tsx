import { workHoursMessages as words } from '#shared/messages/work-hours'
import type { OwnFields } from '#client/components/sites/site-own-settings.tsx'
import { TextField } from '#client/components/ui/field.tsx'
import type { WorkHoursDraft } from './settings-draft.ts'

const FIELDS = [
  ['hoursOwed', words.owedLabel],
  ['missing', words.missingLabel],
  ['beyond', words.beyondLabel],
] as const

/** Hours owed and what an hour is worth: the organisation's form and a site's own draw these. */
export function WorkHoursFields({ values, change, errorFor }: OwnFields<WorkHoursDraft>) {
  return (
    <>
      {FIELDS.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          name={name}
          inputMode="decimal"
          value={values[name]}
          error={errorFor(name)}
          onChange={(typed) => change({ [name]: typed.target.value })}
        />
      ))}
    </>
  )
}
