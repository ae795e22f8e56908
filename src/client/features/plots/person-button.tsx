import { memo } from 'react'
import type { Person } from '#shared/schemas/person'

export const fullName = (person: Pick<Person, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim()

interface Props {
  personId: string
  /** First and last name, when known. */
  name: string
  /** Their place on the waiting list, when they are on it. */
  position?: number | undefined
  action: 'Add' | 'Remove'
  disabled: boolean
  onPick: (personId: string) => void
}

// One button per person: its name starts with the action and the nickname ('Add jsmith'),
// so it reads well in a screen reader's list of buttons.
export const PersonButton = memo(function PersonButton({
  personId,
  name,
  position,
  action,
  disabled,
  onPick,
}: Props) {
  return (
    <li>
      <button
        type="button"
        className={`pick pick--${action.toLowerCase()}`}
        disabled={disabled}
        onClick={() => onPick(personId)}
      >
        <span className="pick__action">{action}</span> <span className="pick__id">{personId}</span>
        {name ? <span className="pick__name">{` (${name})`}</span> : null}
        {position ? (
          <span className="pick__queue">
            <span className="visually-hidden">, </span>waiting list no. {position}
          </span>
        ) : null}
      </button>
    </li>
  )
})
