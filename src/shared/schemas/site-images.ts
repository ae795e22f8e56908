import { z } from 'zod'
import { commonMessages } from '#shared/messages/common'

/** The largest picture the administrator may upload; it is stored resized, far smaller. */
export const SITE_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const PHOTO_DESCRIPTION_MAX = 300

/** The association's two pictures: the logo in the public header, the photo on the Home page. */
export const siteImageNameSchema = z.enum(['logo', 'homePhoto'])

export type SiteImageName = z.infer<typeof siteImageNameSchema>

export const siteImageParams = z.object({ name: siteImageNameSchema })

/** The upload form's text field: what the photo shows, for visitors who cannot see it. */
export const siteImageFieldsSchema = z.object({
  description: z
    .string()
    .trim()
    .max(PHOTO_DESCRIPTION_MAX, commonMessages.tooLong('description', PHOTO_DESCRIPTION_MAX))
    .default(''),
})

/** A stored picture as the pages show it; the address changes whenever the picture does. */
export const siteImageSchema = z.object({
  url: z.string(),
  width: z.int(),
  height: z.int(),
  description: z.string(),
})

export const siteImagesSchema = z.object({
  logo: siteImageSchema.nullable(),
  homePhoto: siteImageSchema.nullable(),
})

export type SiteImage = z.infer<typeof siteImageSchema>
export type SiteImages = z.infer<typeof siteImagesSchema>
