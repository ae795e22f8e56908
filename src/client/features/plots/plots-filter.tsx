import { plotMessages } from '#shared/messages/plots'
import { TextField } from '../../components/ui/field.tsx'

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
        hint={plotMessages.plotsFilterHint}
      />
    </div>
  )
}
