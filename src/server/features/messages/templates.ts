import { messages } from '#shared/messages'
import type {
  MessageTemplate,
  MessageTemplateInput,
  UpdateMessageTemplate,
} from '#shared/schemas/messages'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { conflict, notFound } from '#server/core/errors'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'

// Templates: kept, edited against their version, deleted; every change logged.

const columns = ['id', 'name', 'subject', 'body', 'version'] as const

const templateChange = (methodName: string, docId: string, viewer: Viewer): LoggedChange => ({
  methodName,
  eventCollection: 'messageTemplates',
  docId,
  userName: viewer.userName,
})

async function requireTemplate(tx: ReadTx, id: number): Promise<MessageTemplate> {
  const template = await tx
    .selectFrom('message_templates')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!template) throw notFound(messages.templateMissing)
  return template
}

export function listTemplates(db: Db): Promise<MessageTemplate[]> {
  return db.kysely
    .selectFrom('message_templates')
    .select(columns)
    .orderBy('name')
    .orderBy('id')
    .execute()
}

export function createTemplate(db: Db, viewer: Viewer, input: MessageTemplateInput) {
  const change = templateChange('createMessageTemplate', '', viewer)
  return loggedChange(
    db,
    change,
    async (tx) => {
      const template = await tx
        .insertInto('message_templates')
        .values({ ...input, version: 1, updatedAt: new Date().toISOString() })
        .returning(columns)
        .executeTakeFirstOrThrow()
      change.docId = String(template.id)
      return template
    },
    input,
  )
}

export function updateTemplate(db: Db, viewer: Viewer, id: number, input: UpdateMessageTemplate) {
  return loggedChange(
    db,
    templateChange('updateMessageTemplate', String(id), viewer),
    async (tx) => {
      const current = await requireTemplate(tx, id)
      const { version, ...fields } = input
      if (current.version !== version) throw conflict(messages.staleVersion)
      return tx
        .updateTable('message_templates')
        .set({ ...fields, version: version + 1, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirstOrThrow()
    },
    { id, ...input },
  )
}

export function deleteTemplate(db: Db, viewer: Viewer, id: number) {
  return loggedChange(
    db,
    templateChange('deleteMessageTemplate', String(id), viewer),
    async (tx) => {
      const template = await requireTemplate(tx, id)
      await tx.deleteFrom('message_templates').where('id', '=', id).execute()
      return template
    },
    { id },
  )
}
