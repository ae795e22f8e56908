import fs from 'node:fs'
import type { Config } from '#server/core/config'
import { settingsMessages } from '#shared/messages/settings'
import type { AssociationSettings } from '#shared/schemas/settings'
import { defaultDetails, defaultMailSettings } from '#server/core/db/association-settings'

// The spec's Home and About texts, as Markdown files: content, not messages.
const pageText = (file: string) => fs.readFileSync(new URL(file, import.meta.url), 'utf8').trim()
const HOME_TEXT = pageText('./default-home.md')
const ABOUT_TEXT = pageText('./default-about.md')

/** What an empty database shows: the details from the environment, and the spec's page texts. */
export function defaultSettings(config: Config): AssociationSettings {
  return {
    ...defaultDetails(config),
    ...defaultMailSettings(config),
    homeHeading: settingsMessages.defaultHomeHeading,
    homeText: HOME_TEXT,
    aboutText: ABOUT_TEXT,
  }
}
