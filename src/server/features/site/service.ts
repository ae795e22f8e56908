import { commonMessages } from '#shared/messages/common'
import type { Settings, SiteInfo, UpdateSettings } from '#shared/schemas/settings'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { defaultSettings } from '#server/features/site/defaults'
import { siteImages } from '#server/features/site/images'
import { markdownToHtml } from '#server/features/site/markdown'
import { findStoredSettings, storeSettings } from '#server/core/db/association-settings'

// Settings never saved are at version 1, so the first save is checked like any other.
async function currentSettings(tx: ReadTx, config: Config): Promise<Settings> {
  const stored = await findStoredSettings(tx)
  return { ...defaultSettings(config), ...stored, version: stored?.version ?? 1 }
}

/** The Markdown sources and the version, for the administrator's form. */
export function readSettings(db: Db, config: Config): Promise<Settings> {
  return currentSettings(db.kysely, config)
}

/** What the public pages show, the texts rendered to HTML. */
export async function siteInfo(db: Db, config: Config): Promise<SiteInfo> {
  const settings = await currentSettings(db.kysely, config)
  return {
    charityName: settings.name,
    charityNumber: settings.charityNumber,
    charityRegisterUrl: settings.registerUrl,
    contactAddress: settings.contactAddress,
    homeHeading: settings.homeHeading,
    homeHtml: markdownToHtml(settings.homeText),
    aboutHtml: markdownToHtml(settings.aboutText),
    images: await siteImages(db.kysely),
  }
}

// loggedChange locks the settings' record, so the version read here is still current when the
// new one is written.
export function updateSettings(db: Db, config: Config, viewer: Viewer, input: UpdateSettings) {
  return loggedChange(
    db,
    {
      methodName: 'updateSettings',
      eventCollection: 'settings',
      docId: 'association',
      userName: viewer.userName,
    },
    async (tx) => {
      const current = await currentSettings(tx, config)
      const { version, ...fields } = input
      if (current.version !== version) throw conflict(commonMessages.staleVersion)
      const saved: Settings = { ...fields, version: version + 1 }
      await storeSettings(tx, saved)
      return saved
    },
    input,
  )
}
