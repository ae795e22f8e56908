import { mailMessages } from '#shared/messages/mail'
import type {
  MessageTemplate,
  MessageTemplateInput,
  UpdateMessageTemplate,
} from '#shared/schemas/messages'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import * as templatesRepo from '#server/features/messages/sql'

// Templates: kept, edited against their version, deleted; every change logged.

/** What the template services take from the core. */
export interface Templates {
  db: Db
  clock: Clock
}

const templateChange = (methodName: string, docId: string, viewer: Viewer): LoggedChange => ({
  methodName,
  eventCollection: 'messageTemplates',
  docId,
  userName: viewer.userName,
})

async function requireTemplate(tx: ReadTx, id: number): Promise<MessageTemplate> {
  const template = await templatesRepo.findTemplate(tx, id)
  if (!template) throw notFound(mailMessages.templateMissing)
  return template
}

export function listTemplates({ db }: Templates): Promise<MessageTemplate[]> {
  return templatesRepo.listTemplates(db.kysely)
}

export function createTemplate(
  { db, clock }: Templates,
  viewer: Viewer,
  input: MessageTemplateInput,
) {
  const change = templateChange('createMessageTemplate', '', viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const template = await templatesRepo.insertTemplate(tx, input, clock.now().toISOString())
      change.docId = String(template.id)
      return template
    },
    input,
  )
}

export function updateTemplate(
  { db, clock }: Templates,
  viewer: Viewer,
  id: number,
  input: UpdateMessageTemplate,
) {
  return loggedChange(
    db,
    templateChange('updateMessageTemplate', String(id), viewer),
    async (tx) => {
      await requireTemplate(tx, id)
      const { version, ...fields } = input
      return templatesRepo.updateTemplate(tx, id, version, fields, clock.now().toISOString())
    },
    { id, ...input },
  )
}

export function deleteTemplate({ db }: Templates, viewer: Viewer, id: number) {
  return loggedChange(
    db,
    templateChange('deleteMessageTemplate', String(id), viewer),
    async (tx) => {
      const template = await requireTemplate(tx, id)
      await templatesRepo.deleteTemplate(tx, id)
      return template
    },
    { id },
  )
}
