import { memo, useMemo } from 'react'
import { comparePlotIds } from '#shared/domain/plots'
import { shortDateTime } from '#shared/domain/dates'
import { compareRecorded } from '#shared/domain/inspections'
import { inspectionMessages } from '#shared/messages/inspections'
import type { Inspection } from '#shared/schemas/inspections'
import { CardTable } from '../../components/ui/card-table.tsx'
import { PhotoLinks } from '../../components/ui/photo-links.tsx'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { useShowMore } from '../../lib/use-show-more.ts'
import { PhotoThumbnails } from './photo-thumbnails.tsx'
import type { PlotName } from './plot-names.ts'

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
export function RoundTable({
  rows,
  latest,
  roundId,
  plotName,
}: {
  rows: Row[]
  latest: Map<string, Row>
  roundId: number
  /** Each plot is shown, and put in walking order, by its name; records name it by its key. */
  plotName: PlotName
}) {
  const ordered = useMemo(
    () =>
      rows.toSorted(
        (a, b) => comparePlotIds(plotName(a.plotId), plotName(b.plotId)) || compareRecorded(a, b),
      ),
    [rows, plotName],
  )
  // A page at a time: the same round's list keeps the pages shown as records are added.
  const { visible, hidden, showMore } = useShowMore(ordered, 100, roundId)
  if (rows.length === 0) return <p>{inspectionMessages.noRecordsYet}</p>
  return (
    <>
      <CardTable caption={inspectionMessages.roundResults} columns={columns}>
        {visible.map((row) => (
          <RoundRow
            key={row.id}
            row={row}
            name={plotName(row.plotId)}
            isGrade={latest.get(row.plotId)?.id === row.id}
          />
        ))}
      </CardTable>
      <ShowMore hidden={hidden} onShowMore={showMore} />
    </>
  )
}

// Drawn again only when its record changes: a round of 200 photos is not redrawn on every save.
const RoundRow = memo(function RoundRow({
  row,
  name,
  isGrade,
}: {
  row: Row
  name: string
  isGrade: boolean
}) {
  return (
    <tr>
      <td data-label={inspectionMessages.plot}>{name}</td>
      <td data-label={inspectionMessages.grade}>
        {inspectionMessages.gradedAs(row.grade, row.cultivated)}
        {isGrade ? null : (
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
          <PhotoThumbnails
            photos={row.waitingPhotos}
            name={(number) => inspectionMessages.photoOfPlot(name, number)}
          />
        ) : (
          <PhotoLinks
            photos={row.photos}
            name={(number) => inspectionMessages.photoOfPlot(name, number)}
          />
        )}
      </td>
      <td data-label={inspectionMessages.notes}>{row.notes}</td>
    </tr>
  )
})
