import { useId } from 'react'
import type { LandGroup } from '#shared/schemas/land-documents'
import { LandDocumentItem } from './land-document-item.tsx'
import { longDate } from '#shared/domain/dates'
import { counted } from '#shared/domain/text'

interface Props {
  group: LandGroup
  open: boolean
  onToggle: () => void
  canEdit: boolean
}

// A disclosure button inside a heading: screen readers list the dates as headings and hear
// whether each is expanded. The list stays in the page (hidden) so aria-controls always resolves.
export function LandGroupItem({ group, open, onToggle, canEdit }: Props) {
  const listId = useId()
  const count = group.documents.length
  return (
    <li className="timeline__group">
      <h2 className="timeline__heading">
        <button
          type="button"
          className="timeline__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
        >
          <span className="timeline__marker" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <time dateTime={group.date}>{longDate(group.date)}</time>
          <span className="timeline__description">{group.description}</span>
          <span className="timeline__count">({counted(count, 'document')})</span>
        </button>
      </h2>
      <ul id={listId} className="timeline__documents" hidden={!open}>
        {group.documents.map((document, index) => (
          <LandDocumentItem
            key={document.id}
            document={document}
            position={index}
            last={index === count - 1}
            canEdit={canEdit}
          />
        ))}
      </ul>
    </li>
  )
}
