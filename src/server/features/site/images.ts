import { z } from 'zod'
import { settingsMessages } from '#shared/messages/settings'
import {
  siteImageFieldsSchema,
  siteImageNameSchema,
  type SiteImageName,
  type SiteImages,
} from '#shared/schemas/site-images'
import type { Db } from '#server/core/db/database'
import { deleteFile, insertFile, readFile } from '#server/core/db/files'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { AppError, badRequest, notFound } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { ImageBounds, ResizedImage } from '#server/core/http/resize-image'

// The bytes live in the files table; app_settings keeps which file is which picture.
const IMAGES_KEY = 'siteImages'

const storedImage = z.object({
  fileId: z.int(),
  width: z.int(),
  height: z.int(),
  description: z.string(),
})
const storedImages = z.partialRecord(siteImageNameSchema, storedImage)

type StoredImages = z.infer<typeof storedImages>

const findStoredImages = async (tx: ReadTx): Promise<StoredImages> =>
  (await readJsonSetting(tx, IMAGES_KEY, storedImages)) ?? {}

const storeImages = (tx: WriteTx, images: StoredImages) =>
  writeJsonSetting(tx, IMAGES_KEY, storedImages, images)

// The address names the file, and a new upload is a new file: browsers may keep it for good.
export const imageUrl = (fileId: number) => `/api/site/images/${fileId}`

/** The pictures as the public pages show them. */
export async function siteImages(tx: ReadTx): Promise<SiteImages> {
  const stored = await findStoredImages(tx)
  const shown = (name: SiteImageName) => {
    const image = stored[name]
    if (!image) return null
    const { fileId, ...size } = image
    return { url: imageUrl(fileId), ...size }
  }
  return { logo: shown('logo'), homePhoto: shown('homePhoto') }
}

/** A picture's bytes, only while it is the logo or the photo: no other file is public. */
export async function readSiteImage(db: Db, fileId: number) {
  const stored = await findStoredImages(db.kysely)
  const current = Object.values(stored).some((image) => image.fileId === fileId)
  const file = current ? await readFile(db.kysely, fileId) : undefined
  if (!file) throw notFound(settingsMessages.imageMissing)
  return file
}

const change = (methodName: string, name: SiteImageName, viewer: Viewer) => ({
  methodName,
  eventCollection: 'settings',
  docId: name,
  userName: viewer.userName,
})

// Each picture at the largest size a page shows it, twice over for sharp screens.
const SITE_IMAGE = {
  formats: new Set(['jpeg', 'png', 'webp', 'gif']),
  notAnImage: settingsMessages.notAnImage,
  tooManyPixels: settingsMessages.imageTooManyPixels,
}
const BOUNDS: Record<SiteImageName, ImageBounds> = {
  logo: { ...SITE_IMAGE, width: 480, height: 160, quality: 90, as: 'webp' },
  homePhoto: { ...SITE_IMAGE, width: 1600, height: 1200, quality: 80, as: 'webp' },
}

interface PreparedImage extends ResizedImage {
  fileName: string
  description: string
}

async function prepareImage(name: SiteImageName, upload: Upload): Promise<PreparedImage> {
  if (upload.tooLarge) throw new AppError(413, settingsMessages.imageTooLarge)
  if (!upload.file || upload.file.bytes.length === 0) throw badRequest(settingsMessages.chooseImage)
  const fields = siteImageFieldsSchema.safeParse(upload.fields)
  if (!fields.success)
    throw badRequest(fields.error.issues[0]?.message ?? settingsMessages.chooseImage)
  // sharp is loaded by the first picture uploaded, not by every server that starts.
  const { resizeImage } = await import('#server/core/http/resize-image')
  const resized = await resizeImage(upload.file.bytes, BOUNDS[name])
  return { ...resized, fileName: upload.file.fileName, description: fields.data.description }
}

// The picture is checked and resized before the transaction, so that sharp's work holds no
// lock; a refusal is still thrown inside it, so that the log shows the attempt. The picture
// before it stays until the new one is stored.
export async function uploadSiteImage(db: Db, viewer: Viewer, name: SiteImageName, upload: Upload) {
  const attempted = { name, fileName: upload.file?.fileName, size: upload.file?.bytes.length }
  const prepared = await prepareImage(name, upload).then(
    (image) => ({ image }),
    (error: unknown) => ({ error }),
  )
  return loggedChange(
    db,
    change('uploadSiteImage', name, viewer),
    async (tx) => {
      if ('error' in prepared) throw prepared.error
      const { bytes, fileName, contentType, ...shown } = prepared.image
      const fileId = await insertFile(tx, { name: fileName, contentType, bytes })
      const stored = await findStoredImages(tx)
      const before = stored[name]
      if (before) await deleteFile(tx, before.fileId)
      await storeImages(tx, { ...stored, [name]: { fileId, ...shown } })
      return { name, fileId, ...shown, size: bytes.length }
    },
    attempted,
  )
}

export function removeSiteImage(db: Db, viewer: Viewer, name: SiteImageName) {
  return loggedChange(db, change('removeSiteImage', name, viewer), async (tx) => {
    const { [name]: removed, ...kept } = await findStoredImages(tx)
    if (removed) await deleteFile(tx, removed.fileId)
    await storeImages(tx, kept)
    return { name, removed: removed !== undefined }
  })
}
