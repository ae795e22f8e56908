import type { LandDocument } from '#shared/schemas/land-documents'
import { landFileUrl } from './api.ts'
import { DocumentActions } from './document-actions.tsx'
import { formatSize } from '#client/lib/format-size.ts'

interface Props {
  document: LandDocument
  position: number
  last: boolean
  canEdit: boolean
}

export function LandDocumentItem({ document, position, last, canEdit }: Props) {
  return (
    <li className="land-document">
      <p className="land-document__file">
        <a href={landFileUrl(document.id)} target="_blank" rel="noopener">
          {document.name} (PDF)<span className="visually-hidden">, opens in a new tab</span>
        </a>{' '}
        <span className="land-document__size">{formatSize(document.size)}</span>
      </p>
      {canEdit ? <DocumentActions document={document} position={position} last={last} /> : null}
    </li>
  )
}
