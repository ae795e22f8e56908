import { useEffect, useMemo } from 'react'
import { inspectionMessages } from '#shared/messages/inspections'

/** Photos kept on the phone, shown small, each with the way to take it out. */
export function PhotoThumbnails({
  photos,
  onRemove,
}: {
  photos: readonly Blob[]
  onRemove?: (index: number) => void
}) {
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  if (urls.length === 0) return null
  return (
    <ul className="photo-list">
      {urls.map((url, index) => (
        <li key={url}>
          <img
            src={url}
            alt={inspectionMessages.photoNumber(index + 1)}
            className="photo-list__image"
          />
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
