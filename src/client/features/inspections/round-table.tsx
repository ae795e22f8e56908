import { comparePlotIds } from '#shared/domain/plots'
import { shortDateTime } from '#shared/domain/dates'
import { compareRecorded } from '#shared/domain/inspections'
import { inspectionMessages } from '#shared/messages/inspections'
import type { Inspection } from '#shared/schemas/inspections'
import { CardTable } from '../../components/ui/card-table.tsx'
import { PhotoThumbnails } from './photo-thumbnails.tsx'

/** A record as the round shows it: sent, or still on this phone with its photos. */
export type Row = Inspection & { waitingPhotos?: Blob[] }

const columns = [
  inspectionMessages.plot,
  inspectionMessages.grade,
  inspectionMessages.recordedBy,
  inspectionMessages.photos,
  inspectionMessages.notes,
]

// Every record of the round, by plot in walking order; of two records of one plot, the later is
// its grade and the earlier says so.
export function RoundTable({ rows, latest }: { rows: Row[]; latest: Map<string, Row> }) {
  if (rows.length === 0) return <p>{inspectionMessages.noRecordsYet}</p>
  const ordered = rows.toSorted(
    (a, b) => comparePlotIds(a.plotId, b.plotId) || compareRecorded(a, b),
  )
  return (
    <CardTable caption={inspectionMessages.roundResults} columns={columns}>
      {ordered.map((row) => (
        <tr key={row.id}>
          <td data-label={inspectionMessages.plot}>{row.plotId}</td>
          <td data-label={inspectionMessages.grade}>
            {inspectionMessages.gradedAs(row.grade, row.cultivated)}
            {latest.get(row.plotId)?.id === row.id ? null : (
              <span className="inspections__earlier"> {inspectionMessages.earlierRecord}</span>
            )}
          </td>
          <td data-label={inspectionMessages.recordedBy}>
            {row.waitingPhotos
              ? inspectionMessages.waitingOnPhone
              : `${row.inspectedBy}, ${shortDateTime(row.recordedAt)}`}
          </td>
          <td data-label={inspectionMessages.photos}>
            {row.waitingPhotos ? (
              <PhotoThumbnails photos={row.waitingPhotos} />
            ) : (
              <ul className="photo-list">
                {row.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.url}
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        className="photo-list__image"
                        alt={inspectionMessages.photoOfPlot(row.plotId, index + 1)}
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td data-label={inspectionMessages.notes}>{row.notes}</td>
        </tr>
      ))}
    </CardTable>
  )
}
