import { inspectionMessages } from '#shared/messages/inspections'
import '../../components/ui/photo-list.css'

// One address per photo for as long as the page lives: a photo taken on the form is the same one
// the round's table shows while it waits to send, and 200 of them are not decoded again each time
// another plot is saved.
const urls = new WeakMap<Blob, string>()
function urlOf(photo: Blob): string {
  let url = urls.get(photo)
  if (!url) {
    url = URL.createObjectURL(photo)
    urls.set(photo, url)
  }
  return url
}

/** Photos kept on the phone, shown small, each with the way to take it out. */
export function PhotoThumbnails({
  photos,
  name,
  onRemove,
}: {
  photos: readonly Blob[]
  /** Each photo's text for those who cannot see it, by its number. */
  name: (number: number) => string
  onRemove?: (index: number) => void
}) {
  const addresses = photos.map(urlOf)
  if (addresses.length === 0) return null
  return (
    <ul className="photo-list">
      {addresses.map((url, index) => (
        <li key={url}>
          <img src={url} alt={name(index + 1)} className="photo-list__image" />
          {onRemove ? (
            <button type="button" className="button button--quiet" onClick={() => onRemove(index)}>
              {inspectionMessages.removePhoto(index + 1)}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
