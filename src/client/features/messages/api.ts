import { queryOptions } from '@tanstack/react-query'
import type {
  MessageBatch,
  MessageDraft,
  MessagePlan,
  MessageSend,
  MessageTemplate,
  MessageTemplateInput,
  SentMessage,
} from '#shared/schemas/messages'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Messages and templates are all under the collection's key: a change (useChange, invalidating
// queryKeys.messages) refreshes them, and the messages on a person's page too.

export const batchesQuery = queryOptions({
  queryKey: [...queryKeys.messages, 'batches'],
  queryFn: () => api<MessageBatch[]>('/api/messages'),
  // Copies are sent after the answer: the list catches up while it is open.
  refetchInterval: 5_000,
})

export const copiesQuery = (batchId: number) =>
  queryOptions({
    queryKey: [...queryKeys.messages, 'copies', batchId],
    queryFn: () => api<SentMessage[]>(`/api/messages/${batchId}/copies`),
    refetchInterval: 5_000,
  })

export const planMessage = (draft: MessageDraft) =>
  api<MessagePlan>('/api/messages/plan', { method: 'POST', json: draft })

/** Sends a draft as its preview showed it, with that preview's confirmation. */
export const sendMessage = (send: MessageSend) =>
  api<{ batchId: number; email: number; post: number }>('/api/messages', {
    method: 'POST',
    json: send,
  })

export const templatesQuery = queryOptions({
  queryKey: [...queryKeys.messages, 'templates'],
  queryFn: () => api<MessageTemplate[]>('/api/message-templates'),
})

export const saveTemplate = (template: MessageTemplateInput) =>
  api<MessageTemplate>('/api/message-templates', { method: 'POST', json: template })

export const deleteTemplate = (id: number) =>
  api<void>(`/api/message-templates/${id}`, { method: 'DELETE' })
