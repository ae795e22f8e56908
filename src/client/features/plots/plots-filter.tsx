import { TextField } from '../../components/ui/field.tsx'

// The keywords are spelled out because nothing else on the screen would reveal them.
const hint =
  'At least 2 characters: a plot holder’s nickname, or one of empty, paid, unpaid, new, failed, lapsed.'

export function PlotsFilter({
  value,
  onChange,
}: {
  value: string
  onChange: (next: string) => void
}) {
  return (
    <div className="plots-filter">
      <TextField
        label="Filter plots"
        type="search"
        placeholder="Plot holder nickname"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        hint={hint}
      />
    </div>
  )
}
