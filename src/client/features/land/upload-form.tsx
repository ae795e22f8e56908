import { useState, type FormEvent } from 'react'
import { londonDate } from '#shared/domain/dates'
import { landMessages } from '#shared/messages/land'
import {
  landUploadFieldsSchema,
  looksLikePdf,
  MAX_PDF_BYTES,
  type LandDocumentDetail,
} from '#shared/schemas/land-documents'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { uploadLandDocument } from './api.ts'

interface Props {
  /** Descriptions already on the timeline, offered so a document joins its group exactly. */
  descriptions: string[]
  onUploaded: (document: LandDocumentDetail) => void
}

// The same checks as the server, made first so nobody waits for 20 MB to travel to be refused.
async function checkUpload(
  fields: { date: string; description: string; name: string },
  file?: File,
) {
  const parsed = landUploadFieldsSchema.safeParse(fields)
  if (!parsed.success) return parsed.error.issues[0]?.message ?? landMessages.noFile
  if (!file) return landMessages.noFile
  if (file.size > MAX_PDF_BYTES) return landMessages.fileTooLarge
  if (!looksLikePdf(new Uint8Array(await file.slice(0, 5).arrayBuffer())))
    return landMessages.notPdf
  return null
}

export function UploadForm({ descriptions, onUploaded }: Props) {
  const [file, setFile] = useState<File>()
  // A file input cannot be cleared through React; a new key mounts an empty one.
  const [fileKey, setFileKey] = useState(0)
  const [fields, setFields] = useState({ date: londonDate(new Date()), description: '', name: '' })
  const [problem, setProblem] = useState('')
  const [done, setDone] = useState('')
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }))

  const upload = useChange({
    mutationFn: uploadLandDocument,
    invalidates: [queryKeys.land],
    onSuccess: (document) => {
      setDone(landMessages.documentUploaded(document.name, document.date, document.description))
      setFields((current) => ({ ...current, name: '' }))
      setFile(undefined)
      setFileKey((key) => key + 1)
    },
    onError: (failure) => setProblem(errorMessage(failure)),
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setDone('')
    const refusal = await checkUpload(fields, file)
    if (refusal || !file) return setProblem(refusal ?? landMessages.noFile)
    setProblem('')
    // Called after the refresh: the new document's group is on the timeline to open.
    upload.mutate({ ...fields, file }, { onSuccess: onUploaded })
  }

  return (
    <section className="card land-upload" aria-labelledby="land-upload-heading">
      <h2 id="land-upload-heading">Upload a document</h2>
      <p>Documents with the same date and description form one group on the timeline.</p>
      <form className="form" onSubmit={submit} noValidate>
        <Alert>{problem}</Alert>
        <Alert tone="success">{done}</Alert>
        <div className="form-grid">
          <TextField
            label="Date"
            name="date"
            type="date"
            value={fields.date}
            onChange={set('date')}
            required
          />
          <TextField
            label="Description"
            name="description"
            value={fields.description}
            onChange={set('description')}
            list="land-descriptions"
            maxLength={300}
            required
          />
          <TextField
            label="Document name"
            name="name"
            value={fields.name}
            onChange={set('name')}
            maxLength={200}
            required
          />
          <TextField
            key={fileKey}
            label="PDF file"
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            hint={landMessages.pdfFileHint}
            onChange={(event) => setFile(event.target.files?.[0])}
            required
          />
        </div>
        <datalist id="land-descriptions">
          {descriptions.map((description) => (
            <option key={description} value={description} />
          ))}
        </datalist>
        <button type="submit" className="button" disabled={upload.isPending}>
          Upload
        </button>
        {upload.isPending ? <Spinner label="Uploading" /> : null}
      </form>
    </section>
  )
}
