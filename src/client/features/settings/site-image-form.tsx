import { useState, type FormEvent } from 'react'
import { settingsMessages } from '#shared/messages/settings'
import {
  PHOTO_DESCRIPTION_MAX,
  SITE_IMAGE_MAX_BYTES,
  siteImageFieldsSchema,
  type SiteImage,
  type SiteImageName,
} from '#shared/schemas/site-images'
import { Alert } from '../../components/ui/alert.tsx'
import { TextAreaField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useReportUnsaved, type ReportUnsaved } from '../../lib/unsaved-changes.tsx'
import { useSiteImageChange } from './api.ts'

const TITLES: Record<SiteImageName, string> = { logo: 'Logo', homePhoto: 'Home page photo' }

interface Props {
  name: SiteImageName
  current: SiteImage | null
  report: ReportUnsaved
}

// One picture: what the public pages show now, and a form to replace or remove it. The logo
// needs no description: the association's name stands beside it.
export function SiteImageForm({ name, current, report }: Props) {
  const [file, setFile] = useState<File>()
  // A file input cannot be cleared through React; a new key mounts an empty one.
  const [fileKey, setFileKey] = useState(0)
  const [description, setDescription] = useState(current?.description ?? '')
  const [problem, setProblem] = useState('')
  const [done, setDone] = useState('')
  const change = useSiteImageChange(name)
  // A chosen file not yet uploaded counts as unsaved.
  useReportUnsaved(report, name, file !== undefined)
  const title = TITLES[name]
  const busy = change.upload.isPending || change.remove.isPending

  function upload(event: FormEvent) {
    event.preventDefault()
    setDone('')
    const fields = siteImageFieldsSchema.safeParse({ description })
    if (!fields.success) return setProblem(fields.error.issues[0]?.message ?? '')
    // The same limit as the server's, checked first so nobody waits for 10 MB to be refused.
    if (!file) return setProblem(settingsMessages.chooseImage)
    if (file.size > SITE_IMAGE_MAX_BYTES) return setProblem(settingsMessages.imageTooLarge)
    setProblem('')
    change.upload.mutate(
      { file, description: fields.data.description },
      {
        onSuccess: () => {
          setFile(undefined)
          setFileKey((key) => key + 1)
          setDone(settingsMessages.imageUploaded)
        },
        onError: (failure) => setProblem(errorMessage(failure)),
      },
    )
  }

  function remove() {
    setDone('')
    change.remove.mutate(undefined, {
      onSuccess: () => setDone(settingsMessages.imageRemoved),
      onError: (failure) => setProblem(errorMessage(failure)),
    })
  }

  return (
    <section className="card site-image" aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`}>{title}</h2>
      {current ? (
        <img
          className={`site-image__preview site-image__preview--${name}`}
          src={current.url}
          alt={`The ${title.toLowerCase()} now shown`}
          width={current.width}
          height={current.height}
        />
      ) : (
        <p>None yet: the public pages show the app’s own.</p>
      )}
      <form className="form" onSubmit={upload} noValidate>
        <Alert>{problem}</Alert>
        <Alert tone="success">{done}</Alert>
        <TextField
          key={fileKey}
          label={`${title} file`}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hint={settingsMessages.imageHint}
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        {name === 'homePhoto' ? (
          <TextAreaField
            label="Photo description"
            hint={settingsMessages.photoDescriptionHint}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={PHOTO_DESCRIPTION_MAX}
            rows={2}
          />
        ) : null}
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            Upload {title.toLowerCase()}
          </button>
          {current ? (
            <button type="button" className="button button--quiet" onClick={remove} disabled={busy}>
              Remove {title.toLowerCase()}
            </button>
          ) : null}
        </div>
        {busy ? <Spinner label="Saving" /> : null}
      </form>
    </section>
  )
}
