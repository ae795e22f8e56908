import type { MessageTemplate, MessageTemplateInput } from '#shared/schemas/messages'
import { updateAtVersion } from '#server/core/db/versioned'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The messages feature's own table: the templates a committee writes from again. (What was sent
// is the core's: core/email/batches.ts; who it goes to is people's, plots' and rent's.)

const columns = ['id', 'name', 'subject', 'body', 'version'] as const

export function listTemplates(tx: ReadTx): Promise<MessageTemplate[]> {
  return tx.selectFrom('message_templates').select(columns).orderBy('name').orderBy('id').execute()
}

export function findTemplate(tx: ReadTx, id: number): Promise<MessageTemplate | undefined> {
  return tx.selectFrom('message_templates').select(columns).where('id', '=', id).executeTakeFirst()
}

export function insertTemplate(
  tx: WriteTx,
  input: MessageTemplateInput,
  updatedAt: string,
): Promise<MessageTemplate> {
  return tx
    .insertInto('message_templates')
    .values({ ...input, version: 1, updatedAt })
    .returning(columns)
    .executeTakeFirstOrThrow()
}

/**
 * Writes the template as the next version if it is still at `version` (the version the edit was
 * made against), checked in the UPDATE itself; 409 staleVersion otherwise.
 */
export async function updateTemplate(
  tx: WriteTx,
  id: number,
  version: number,
  input: MessageTemplateInput,
  updatedAt: string,
): Promise<MessageTemplate> {
  const { name, subject, body } = input
  const next = await updateAtVersion(tx, 'message_templates', id, version, {
    name,
    subject,
    body,
    updatedAt,
  })
  return { id, name, subject, body, version: next }
}

export async function deleteTemplate(tx: WriteTx, id: number): Promise<void> {
  await tx.deleteFrom('message_templates').where('id', '=', id).execute()
}
