import { recordedWhen } from '#shared/domain/inspections'
import { inspectionMessages } from '#shared/messages/inspections'
import type { Inspection, InspectionInput } from '#shared/schemas/inspections'
import { insertFile } from '#server/core/db/files'
import type { ReadTx } from '#server/core/db/write-transaction'
import { AppError, badRequest, conflict, notFound, unprocessable } from '#server/core/errors'
import type { UploadedFile } from '#server/core/http/read-upload'
import type { ImageBounds, ResizedImage } from '#server/core/http/resize-image'
import { AlreadyDone, loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Inspections } from '#server/features/inspections/context'
import { requireRound } from '#server/features/inspections/rounds'
import { inspectionSettingsForSite } from '#server/features/inspections/settings'
import * as inspectionsRepo from '#server/features/inspections/sql'
import * as plotsRepo from '#server/features/plots/sql'

// A plot's record arrives from a phone, perhaps long after it was made and perhaps more than once
// (the answer lost on the way back, the phone sending again): it is kept once, with its photos,
// or not at all.

/**
 * The phone sends photos of at most about 1,600 px; the server keeps them so, as JPEG: ten times
 * faster to write than WebP (a round of 200 photos syncs in seconds), and what a notice's PDF
 * draws as it is.
 */
const PHOTO: ImageBounds = {
  width: 1600,
  height: 1600,
  quality: 75,
  as: 'jpeg',
  formats: new Set(['jpeg', 'png', 'webp']),
  notAnImage: inspectionMessages.notAPhoto,
  tooManyPixels: inspectionMessages.photoTooManyPixels,
}

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const PHOTOS_PER_PLOT = 6

/** The record as sent before, when it is the same plot of the same round; else a refusal. */
async function sentBefore(tx: ReadTx, input: InspectionInput): Promise<Inspection | undefined> {
  const found = await inspectionsRepo.findInspection(tx, input.id)
  if (!found) return undefined
  if (found.roundId !== input.roundId || found.plotId !== input.plotId)
    throw conflict(inspectionMessages.recordIdTaken)
  return found
}

async function resizedPhotos(files: readonly UploadedFile[]): Promise<ResizedImage[]> {
  // sharp is loaded by the first photo sent, not by every server that starts.
  const { resizeImage } = await import('#server/core/http/resize-image')
  const resized: ResizedImage[] = []
  // One at a time: a phone's round of photos holds no more than one decoded picture in memory.
  for (const file of files) resized.push(await resizeImage(file.bytes, PHOTO))
  return resized
}

/**
 * Records one plot's inspection: `created` is false when it had been recorded already. The plot
 * must be of the round's site, and the round in the scope.
 */
export async function recordInspection(
  { db, clock }: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  input: InspectionInput,
  files: readonly UploadedFile[],
): Promise<{ inspection: Inspection; created: boolean }> {
  const before = await sentBefore(db.kysely, input)
  if (before) {
    await requireRound(db.kysely, scope, before.roundId)
    return { inspection: before, created: false }
  }
  if (files.length !== input.photoIds.length) throw badRequest(inspectionMessages.recordUnreadable)
  const attempted = { ...input, photos: files.length }
  // Made smaller before the write, so that sharp's work holds no lock; a refusal still reaches
  // the log, as the attempt it was.
  const photos = await resizedPhotos(files).then(
    (resized) => ({ resized }),
    (error: unknown) => ({ error }),
  )
  let created = true
  const change: LoggedChange = {
    methodName: 'recordInspection',
    eventCollection: 'plots',
    docId: input.plotId,
    userName: viewer.userName,
    // The photos' ids too: two records sending one id at once would both find it free.
    alsoLocks: [
      recordKey('inspections', input.id),
      ...input.photoIds.map((id) => recordKey('inspectionPhotos', id)),
    ],
  }
  const inspection = await loggedChange(
    db,
    change,
    async (tx) => {
      const again = await sentBefore(tx, input)
      if (again) {
        created = false
        return new AlreadyDone(again)
      }
      const round = await requireRound(tx, scope, input.roundId, change)
      const plot = await plotsRepo.findPlot(tx, input.plotId)
      if (plot?.siteId !== round.siteId) throw notFound(inspectionMessages.plotMissing)
      const { grades } = await inspectionSettingsForSite(tx, round.siteId)
      if (!grades.some((grade) => grade.name === input.grade))
        throw unprocessable(inspectionMessages.gradeUnknown)
      if ('error' in photos) throw photos.error
      if (await inspectionsRepo.anyPhotoKept(tx, input.photoIds))
        throw conflict(inspectionMessages.photoIdTaken)
      const stored = []
      for (const [index, photo] of photos.resized.entries()) {
        const id = input.photoIds[index]!
        const fileId = await insertFile(tx, {
          name: `${id}.jpg`,
          contentType: photo.contentType,
          bytes: photo.bytes,
        })
        stored.push({ id, fileId, width: photo.width, height: photo.height })
      }
      const { photoIds: _, ...record } = input
      const receivedAt = clock.now().toISOString()
      const recordedAt = recordedWhen(input.recordedAt, round.date, receivedAt)
      return inspectionsRepo.insertInspection(
        tx,
        { ...record, recordedAt, inspectedBy: viewer.userName, receivedAt },
        stored,
      )
    },
    attempted,
  )
  return { inspection, created }
}

/** A photo's bytes, for the committee's screens: 403 for one of a round beyond the scope. */
export async function readPhoto({ db }: Inspections, scope: SiteScope, id: string) {
  const siteId = await inspectionsRepo.photoSite(db.kysely, id)
  if (siteId !== undefined) requireSiteInScope(scope, siteId)
  const file = await inspectionsRepo.photoFile(db.kysely, id)
  if (!file) throw notFound(inspectionMessages.photoMissing)
  return file
}

export const photoTooLarge = () => new AppError(413, inspectionMessages.photoTooLarge)
