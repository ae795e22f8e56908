import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { latestByPlot, nextUnseen } from '#shared/domain/inspections'
import { inspectionMessages } from '#shared/messages/inspections'
import type { Inspection, InspectionInput, RoundDetail } from '#shared/schemas/inspections'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import { keysByName } from '../../components/site-map/site-map-query.ts'
import { useOfflineScreens } from '../../lib/offline.ts'
import { roundQuery } from './api.ts'
import { OutboxStatus } from './outbox-status.tsx'
import { nameOf, plotNames } from './plot-names.ts'
import { PlotRecordForm } from './plot-record-form.tsx'
import { RoundTable, type Row } from './round-table.tsx'
import { SendNotices } from './send-notices.tsx'
import type { Waiting } from '#client/lib/outbox.ts'
import { useInspectionOutbox } from './use-inspection-outbox.ts'
import { ShowMore } from '../../components/ui/show-more.tsx'
import { useShowMore } from '../../lib/use-show-more.ts'
import './inspections.css'

// A round walked on a phone: choose a plot (from the list in walking order or on the map),
// record it, and go on to the next; below, every plot's grade so far and the plots not yet seen.
export function RoundPage() {
  const id = Number(useParams().id)
  const round = useQuery(roundQuery(id))
  const outbox = useInspectionOutbox()
  useOfflineScreens()
  return (
    <section className="inspections">
      <p>
        <Link className="link-target" to="/members/inspections">
          {inspectionMessages.backToRounds}
        </Link>
      </p>
      <QueryState query={round}>{(detail) => <Round detail={detail} outbox={outbox} />}</QueryState>
    </section>
  )
}

// A record on the phone as a row of the round, made once for each: a row unchanged is not drawn
// again when another plot is saved.
const rowsOnPhone = new WeakMap<Waiting<InspectionInput>, Row>()
function rowOf(waiting: Waiting<InspectionInput>): Row {
  let row = rowsOnPhone.get(waiting)
  if (!row) {
    const { record, photos } = waiting
    row = { ...record, receivedAt: '', inspectedBy: '', photos: [], waitingPhotos: photos }
    rowsOnPhone.set(waiting, row)
  }
  return row
}

function Round({
  detail,
  outbox,
}: {
  detail: RoundDetail
  outbox: ReturnType<typeof useInspectionOutbox>
}) {
  const plotName = useMemo(() => plotNames(detail.plots), [detail.plots])
  // The round's site's drawing names its plots, and a plot tapped there is recorded by its key.
  const keyOf = useMemo(
    () => keysByName(detail.plots.map((plot) => ({ id: plot.id, name: nameOf(plot) }))),
    [detail.plots],
  )
  const rows = useMemo<Row[]>(() => {
    const onPhone = outbox.waiting
      .filter((item) => item.record.roundId === detail.round.id)
      .map(rowOf)
    const sent = new Set(detail.inspections.map((inspection) => inspection.id))
    return [
      ...detail.inspections.map((inspection: Inspection): Row => inspection),
      ...onPhone.filter((row) => !sent.has(row.id)),
    ]
  }, [detail, outbox.waiting])
  const latest = useMemo(() => latestByPlot(rows), [rows])
  const seen = useMemo(() => new Set(latest.keys()), [latest])
  const [plotId, setPlotId] = useState(() =>
    nextUnseen(detail.plots, seen, detail.plots.at(-1)?.id ?? ''),
  )
  const [notice, setNotice] = useState('')
  const notSeen = useMemo(() => detail.plots.filter((p) => !seen.has(p.id)), [detail, seen])
  // The map marks the plot chosen: the same set until another is, so its 2,000 plots are not
  // drawn again on every save.
  const chosen = useMemo(() => new Set([plotName(plotId)]), [plotName, plotId])

  function choose(next: string) {
    setNotice('')
    setPlotId(next)
  }

  function kept(savedPlot: string) {
    const next = nextUnseen(detail.plots, new Set([...seen, savedPlot]), savedPlot)
    setNotice(
      next === savedPlot
        ? inspectionMessages.lastPlotSaved(plotName(savedPlot))
        : inspectionMessages.plotSaved(plotName(savedPlot)),
    )
    setPlotId(next)
    void outbox.send()
  }

  return (
    <>
      <PageHeading>{inspectionMessages.roundHeading(detail.round.date)}</PageHeading>
      <p>
        {inspectionMessages.roundSummary(seen.size, detail.plots.length)}
        {detail.round.walkers ? ` ${inspectionMessages.walkedBy(detail.round.walkers)}` : null}
      </p>
      <OutboxStatus outbox={outbox} />
      <Alert tone="success">{notice}</Alert>
      {detail.plots.length > 0 ? (
        <>
          <h2>{inspectionMessages.recordPlot(plotName(plotId))}</h2>
          <PlotRecordForm
            round={detail}
            plotId={plotId}
            plotName={plotName}
            userName={outbox.userName}
            onChoosePlot={choose}
            onKept={kept}
            onSkip={() => choose(nextUnseen(detail.plots, seen, plotId))}
          />
          <details className="card">
            <summary>{inspectionMessages.chooseOnMap}</summary>
            <StoredSiteMap
              title={inspectionMessages.mapTitle}
              ownPlots={chosen}
              onSelectPlot={(name) => choose(keyOf(name))}
              site={detail.round.siteId}
            />
          </details>
        </>
      ) : null}
      <h2>{inspectionMessages.roundResults}</h2>
      <RoundTable rows={rows} latest={latest} roundId={detail.round.id} plotName={plotName} />
      <SendNotices
        roundId={detail.round.id}
        waiting={rows.filter((row) => row.waitingPhotos).length}
        plotName={plotName}
      />
      <NotSeen plots={notSeen} roundId={detail.round.id} onChoose={choose} />
    </>
  )
}

/** The plots not yet seen, in walking order, a page at a time (a council's site has 2,000). */
function NotSeen({
  plots,
  roundId,
  onChoose,
}: {
  plots: RoundDetail['plots']
  roundId: number
  onChoose: (plotId: string) => void
}) {
  const { visible, hidden, showMore } = useShowMore(plots, 100, roundId)
  return (
    <>
      <h2>{inspectionMessages.plotsNotSeen}</h2>
      {plots.length === 0 ? (
        <p>{inspectionMessages.allPlotsSeen}</p>
      ) : (
        <ul className="plots-not-seen">
          {visible.map((plot) => (
            <li key={plot.id}>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => onChoose(plot.id)}
              >
                {nameOf(plot)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ShowMore hidden={hidden} onShowMore={showMore} />
    </>
  )
}
