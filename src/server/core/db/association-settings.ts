import { z } from 'zod'
import { associationSettingsSchema, type Settings } from '#shared/schemas/settings'
import type { Config } from '#server/core/config'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The association's settings are one JSON value in app_settings, kept in the core because more
// than one feature reads them (the site's pages, the first-run steps, letters and e-mails). A field never saved is left
// out, so that its default (the environment's, or the spec's text) shows instead.
const SETTINGS_KEY = 'association'

const storedSettings = associationSettingsSchema.partial().extend({ version: z.int().min(1) })

export type StoredSettings = z.infer<typeof storedSettings>

export const findStoredSettings = (tx: ReadTx): Promise<StoredSettings | undefined> =>
  readJsonSetting(tx, SETTINGS_KEY, storedSettings)

export const storeSettings = (tx: WriteTx, settings: Settings): Promise<void> =>
  writeJsonSetting(tx, SETTINGS_KEY, storedSettings, settings)

/** The details an empty database starts with: the environment's, and no address. */
export const defaultDetails = (config: Config) => ({
  name: config.charity.name,
  charityNumber: config.charity.number,
  registerUrl: config.charity.registerUrl,
  contactAddress: '',
})

/** MAIL_FROM's parts: 'Riverside Allotments <no-reply@…>' or a bare address. */
export function senderOf(from: string): { name: string; address: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from)
  return named ? { name: named[1]!, address: named[2]! } : { name: '', address: from.trim() }
}

/** How the association's e-mails go out until the administrator says otherwise: the environment's. */
export const defaultMailSettings = (config: Config) => ({
  senderName: senderOf(config.email.from).name,
  replyTo: '',
  committeeEmail: config.email.contactTo,
})

export type MailSettings = ReturnType<typeof defaultMailSettings>

/** The sender's name, the reply-to address and the committee's address, as saved or by default. */
export async function mailSettings(tx: ReadTx, config: Config): Promise<MailSettings> {
  const stored = await findStoredSettings(tx)
  const defaults = defaultMailSettings(config)
  return {
    senderName: stored?.senderName || defaults.senderName,
    replyTo: stored?.replyTo ?? defaults.replyTo,
    committeeEmail: stored?.committeeEmail || defaults.committeeEmail,
  }
}

export type AssociationDetails = ReturnType<typeof defaultDetails>

/** The association's name, charity number, register link and address as saved, else the defaults. */
export async function associationDetails(tx: ReadTx, config: Config): Promise<AssociationDetails> {
  const stored = await findStoredSettings(tx)
  const details = defaultDetails(config)
  return {
    name: stored?.name ?? details.name,
    charityNumber: stored?.charityNumber ?? details.charityNumber,
    registerUrl: stored?.registerUrl ?? details.registerUrl,
    contactAddress: stored?.contactAddress ?? details.contactAddress,
  }
}
