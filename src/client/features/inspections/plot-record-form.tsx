import { memo, useState, type FormEvent } from 'react'
import { inspectionMessages } from '#shared/messages/inspections'
import type { RoundDetail } from '#shared/schemas/inspections'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup, SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx'
import { PhotoThumbnails } from './photo-thumbnails.tsx'
import { shrinkPhoto } from './shrink-photo.ts'
import { keep } from '#client/lib/outbox.ts'
import type { PlotName } from './plot-names.ts'

interface Props {
  round: RoundDetail
  /** The plot being recorded, chosen here, on the map or by Next plot. */
  plotId: string
  /** Each plot is shown by its name; the record names it by its key. */
  plotName: PlotName
  onChoosePlot: (plotId: string) => void
  /** Who is recording: the record is sent only by their session. */
  userName: string
  /** Called once the record is kept on the phone (it is sent from there). */
  onKept: (plotId: string) => void
  /** Goes on to the next plot not yet seen without recording this one. */
  onSkip: () => void
}

const blank = { grade: '', cultivated: '', notes: '' }
const MOST_PHOTOS = 6

/** The checks the server makes, first, so that what is kept on the phone will be accepted. */
function problemWith(fields: typeof blank, grades: RoundDetail['grades']): string {
  if (!grades.some((grade) => grade.name === fields.grade)) return inspectionMessages.gradeUnknown
  const cultivated = Number(fields.cultivated)
  if (!/^\d{1,3}$/.test(fields.cultivated.trim()) || cultivated > 100)
    return inspectionMessages.cultivatedRange
  return ''
}

// One plot's record, made on a phone on site: kept on the phone at once (no signal needed), then
// sent. Saving moves on to the next plot in walking order.
export function PlotRecordForm(props: Props) {
  const { round, plotId, plotName, userName, onChoosePlot, onKept, onSkip } = props
  const [fields, setFields] = useState(blank)
  const [photos, setPhotos] = useState<Blob[]>([])
  const [fileKey, setFileKey] = useState(0)
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  async function addPhotos(files: FileList | null) {
    setProblem('')
    setBusy(true)
    const added: Blob[] = []
    for (const file of Array.from(files ?? [])) {
      const shrunk = await shrinkPhoto(file)
      if (!shrunk) setProblem(inspectionMessages.photoUnreadable)
      else added.push(shrunk)
    }
    setBusy(false)
    setFileKey((key) => key + 1)
    const all = [...photos, ...added]
    if (all.length > MOST_PHOTOS) setProblem(inspectionMessages.tooManyPhotos)
    setPhotos(all.slice(0, MOST_PHOTOS))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = problemWith(fields, round.grades)
    setProblem(found)
    if (found) return
    await keep({
      userName,
      record: {
        id: crypto.randomUUID(),
        roundId: round.round.id,
        plotId,
        grade: fields.grade,
        cultivated: Number(fields.cultivated),
        notes: fields.notes.trim(),
        recordedAt: new Date().toISOString(),
        photoIds: photos.map(() => crypto.randomUUID()),
      },
      photos,
    })
    setFields(blank)
    setPhotos([])
    onKept(plotId)
  }

  return (
    <form className="form card plot-record" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField
        label={inspectionMessages.plot}
        name="plot"
        value={plotId}
        onChange={(event) => onChoosePlot(event.target.value)}
      >
        <PlotOptions plots={round.plots} plotName={plotName} />
      </SelectField>
      <Alert>{problem}</Alert>
      <RadioGroup
        legend={inspectionMessages.grade}
        name="grade"
        className="plot-record__grades"
        options={round.grades.map((grade) => ({ value: grade.name, label: grade.name }))}
        value={fields.grade}
        onChange={(grade) => setFields({ ...fields, grade })}
      />
      <TextField
        label={inspectionMessages.cultivated}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        required
        value={fields.cultivated}
        onChange={(event) => setFields({ ...fields, cultivated: event.target.value })}
      />
      <TextAreaField
        label={inspectionMessages.notes}
        rows={3}
        maxLength={2000}
        value={fields.notes}
        onChange={(event) => setFields({ ...fields, notes: event.target.value })}
      />
      <TextField
        key={fileKey}
        label={inspectionMessages.addPhotos}
        hint={inspectionMessages.photosHint}
        type="file"
        accept="image/*"
        multiple
        disabled={busy || photos.length >= MOST_PHOTOS}
        onChange={(event) => void addPhotos(event.target.files)}
      />
      <PhotoThumbnails
        photos={photos}
        name={inspectionMessages.photoNumber}
        onRemove={(index) => setPhotos(photos.filter((_, at) => at !== index))}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {inspectionMessages.savePlot}
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={busy || photos.length > 0 || Object.values(fields).some(Boolean)}
          onClick={onSkip}
        >
          {inspectionMessages.nextPlot}
        </button>
      </div>
    </form>
  )
}

// Made once for the round: a council's 2,000 plots are not listed again on every save.
const PlotOptions = memo(function PlotOptions({
  plots,
  plotName,
}: {
  plots: RoundDetail['plots']
  plotName: PlotName
}) {
  return plots.map((plot) => {
    const name = plotName(plot.id)
    return (
      <option key={plot.id} value={plot.id}>
        {plot.description ? `${name}: ${plot.description}` : name}
      </option>
    )
  })
})
