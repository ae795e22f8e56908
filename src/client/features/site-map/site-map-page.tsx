import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { siteMapMessages } from '#shared/messages/site-map'
import { SITE_MAP_MAX_BYTES } from '#shared/schemas/site-map'
import { siteMapQuery } from '../../components/site-map/site-map-query.ts'
import { StoredSiteMap } from '../../components/site-map/stored-site-map.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { siteMessages } from '#shared/messages/sites'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import { SiteChooser } from '#client/components/sites/site-chooser.tsx'
import {
  siteMapCheckQuery,
  useCreatePlotsFromMap,
  useImportDrawing,
  type DrawingSite,
} from './api.ts'
import { LayoutEditor } from './layout-editor.tsx'
import './site-map-page.css'

// The administrator's screen for the drawing: import one or draw it here, see where it and the
// plot records disagree, and make the missing records in one go. Each site has its own drawing
// (decision 49): with several, the screen waits for one to be chosen.
export function SiteMapPage() {
  const chosen = useChosenSite()
  const waits = chosen.site === undefined && chosen.sites.length > 1
  return (
    <section className="site-map-page">
      <PageHeading>Site map drawing</PageHeading>
      <p>
        Everyone signed in sees this drawing on the <Link to="/members/map">Site map</Link>; the
        committee opens plots from it.
      </p>
      <SiteChooser chosen={chosen} />
      {waits ? (
        <p>{siteMessages.chooseSiteForMap}</p>
      ) : (
        <SiteDrawing key={chosen.site ?? 'first'} site={chosen.site} />
      )}
    </section>
  )
}

function SiteDrawing({ site }: { site: DrawingSite }) {
  const check = useQuery(siteMapCheckQuery(site))
  return (
    <>
      <QueryState query={check}>
        {({ drawnWithoutRecord, recordsNotDrawn }) => (
          <>
            <StoredSiteMap
              title="The site drawing, with plots that have no record marked"
              unrecorded={new Set(drawnWithoutRecord)}
              site={site}
            />
            <MapCheck
              site={site}
              drawnWithoutRecord={drawnWithoutRecord}
              recordsNotDrawn={recordsNotDrawn}
            />
          </>
        )}
      </QueryState>
      <ImportDrawingForm site={site} />
      <LayoutEditorSection site={site} />
    </>
  )
}

function LayoutEditorSection({ site }: { site: DrawingSite }) {
  const siteMap = useQuery(siteMapQuery(site))
  return (
    <QueryState query={siteMap}>
      {(stored) => <LayoutEditor siteMap={stored} site={site} />}
    </QueryState>
  )
}

function MapCheck({
  site,
  drawnWithoutRecord,
  recordsNotDrawn,
}: {
  site: DrawingSite
  drawnWithoutRecord: string[]
  recordsNotDrawn: string[]
}) {
  const create = useCreatePlotsFromMap(site)
  const [done, setDone] = useState('')
  function createPlots() {
    setDone('')
    create.mutate(undefined, {
      onSuccess: ({ created }) => setDone(siteMapMessages.plotsCreated(created.length)),
    })
  }
  return (
    <section className="card" aria-labelledby="map-check-heading">
      <h2 id="map-check-heading">Drawing and plot records</h2>
      <Alert tone="success">{done}</Alert>
      <Alert>{create.isError ? errorMessage(create.error) : ''}</Alert>
      <p>
        Drawn plots without a record:{' '}
        {drawnWithoutRecord.length ? drawnWithoutRecord.join(', ') : 'none'}.
      </p>
      {drawnWithoutRecord.length > 0 && (
        <button type="button" className="button" onClick={createPlots} disabled={create.isPending}>
          Create the missing plots ({drawnWithoutRecord.length})
        </button>
      )}
      <p>
        Plot records not on the drawing:{' '}
        {recordsNotDrawn.length ? recordsNotDrawn.join(', ') : 'none'}.
      </p>
    </section>
  )
}

function ImportDrawingForm({ site }: { site: DrawingSite }) {
  const [file, setFile] = useState<File>()
  const [fileKey, setFileKey] = useState(0)
  const [problem, setProblem] = useState('')
  const [done, setDone] = useState('')
  const importDrawing = useImportDrawing(site)

  function submit(event: FormEvent) {
    event.preventDefault()
    setDone('')
    if (!file) return setProblem(siteMapMessages.chooseDrawing)
    if (file.size > SITE_MAP_MAX_BYTES) return setProblem(siteMapMessages.drawingTooLarge)
    setProblem('')
    importDrawing.mutate(file, {
      onSuccess: (siteMap) => {
        setFile(undefined)
        setFileKey((key) => key + 1)
        setDone(siteMapMessages.drawingImported(siteMap.layout.plots.length))
      },
      onError: (failure) => setProblem(errorMessage(failure)),
    })
  }

  return (
    <section className="card" aria-labelledby="import-drawing-heading">
      <h2 id="import-drawing-heading">Import a drawing</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{problem}</Alert>
        <Alert tone="success">{done}</Alert>
        <TextField
          key={fileKey}
          label="SVG drawing"
          name="file"
          type="file"
          accept=".svg,image/svg+xml"
          hint={siteMapMessages.drawingHint}
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={importDrawing.isPending}>
            Import drawing
          </button>
        </div>
        {importDrawing.isPending ? <Spinner label="Importing" /> : null}
      </form>
    </section>
  )
}
