import { MAX_TENANTS_PER_PLOT } from '#shared/domain/plots'
import { PersonButton } from './person-button.tsx'

interface Props {
  tenants: string[]
  /** Full names by nickname, when the people list has loaded. */
  names: ReadonlyMap<string, string>
  busy: boolean
  onRemove: (personId: string) => void
}

// The right list of the add-tenants screen.
export function CurrentTenants({ tenants, names, busy, onRemove }: Props) {
  return (
    <section className="card tenants-column" aria-labelledby="current-tenants">
      <h2 id="current-tenants">Current tenants</h2>
      <p className="count">
        {tenants.length} of {MAX_TENANTS_PER_PLOT} allowed
      </p>
      {tenants.length === 0 ? <p>No tenants yet.</p> : null}
      <ul className="pick-list">
        {tenants.map((tenant) => (
          <PersonButton
            key={tenant}
            personId={tenant}
            name={names.get(tenant) ?? ''}
            action="Remove"
            disabled={busy}
            onPick={onRemove}
          />
        ))}
      </ul>
    </section>
  )
}
