import { MONTH_NAMES } from '#shared/domain/dates'
import { SelectField } from './field.tsx'

interface Props {
  legend: string
  /** The day of the year as the settings keep it, MM-DD; '' for none when `noneLabel` is given. */
  value: string
  onChange: (monthDay: string) => void
  /** The month's first choice when the day may be left out ("Never"); without it a day is required. */
  noneLabel?: string
}

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1))
const twoDigits = (n: number | string) => String(n).padStart(2, '0')

/**
 * A day of the year (a rent year's start, the yearly question to the waiting list) as a day and a
 * month to choose, instead of "MM-DD" to type; it still gives MM-DD, as the server takes it. A day
 * that not every year has (30 February) is for the form's own check to refuse.
 */
export function DayOfYearField({ legend, value, onChange, noneLabel }: Props) {
  const [month = '', day = ''] = value ? value.split('-') : []
  const none = noneLabel !== undefined && month === ''
  return (
    <fieldset className="day-of-year">
      <legend>{legend}</legend>
      <div className="day-of-year__row">
        <SelectField
          label="Day"
          value={none ? '' : String(Number(day || 1))}
          disabled={none}
          onChange={(event) => onChange(`${month}-${twoDigits(event.target.value)}`)}
        >
          {none ? <option value="">–</option> : null}
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Month"
          value={month}
          onChange={(event) => {
            const chosen = event.target.value
            onChange(chosen === '' ? '' : `${chosen}-${twoDigits(Number(day || 1))}`)
          }}
        >
          {noneLabel !== undefined ? <option value="">{noneLabel}</option> : null}
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={twoDigits(index + 1)}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  )
}
