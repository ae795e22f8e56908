import { useId, type InputHTMLAttributes } from 'react'
import { PERSON_TITLES } from '#shared/domain/person-names'
import { peopleMessages } from '#shared/messages/people'
import { TextField } from '#client/components/ui/field.tsx'

type Props = InputHTMLAttributes<HTMLInputElement> & { label?: string }

// A person's title, on the committee's person form and a member's own details: free text, with
// the common titles offered as the box is typed in (any other may be written).
export function TitleField({ label = 'Title', readOnly, ...input }: Props) {
  const listId = useId()
  return (
    <>
      <TextField
        label={label}
        hint={readOnly ? undefined : peopleMessages.titleHint}
        autoComplete="honorific-prefix"
        list={readOnly ? undefined : listId}
        readOnly={readOnly}
        {...input}
      />
      {readOnly ? null : (
        <datalist id={listId}>
          {PERSON_TITLES.map((title) => (
            <option key={title} value={title} />
          ))}
        </datalist>
      )}
    </>
  )
}
