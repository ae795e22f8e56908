import './photo-list.css'

interface Photo {
  id: string
  url: string
  width: number
  height: number
}

/** Photos the server keeps, shown small, each a link to itself at full size. */
export function PhotoLinks({
  photos,
  name,
}: {
  photos: readonly Photo[]
  /** Each photo's text for those who cannot see it, by its number. */
  name: (number: number) => string
}) {
  if (photos.length === 0) return null
  return (
    <ul className="photo-list">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer">
            <img
              src={photo.url}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="photo-list__image"
              alt={name(index + 1)}
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
