import { queryOptions, useQueryClient, useMutation } from '@tanstack/react-query'
import type {
  MessageBatch,
  MessageDraft,
  MessagePlan,
  MessageTemplate,
  MessageTemplateInput,
  SentMessage,
} from '#shared/schemas/messages'
import { api } from '../../lib/api.ts'

const messagesKey = ['messages'] as const

export const batchesQuery = queryOptions({
  queryKey: [...messagesKey, 'batches'],
  queryFn: () => api<MessageBatch[]>('/api/messages'),
  // Copies are sent after the answer: the list catches up while it is open.
  refetchInterval: 5_000,
})

export const copiesQuery = (batchId: number) =>
  queryOptions({
    queryKey: [...messagesKey, 'copies', batchId],
    queryFn: () => api<SentMessage[]>(`/api/messages/${batchId}/copies`),
    refetchInterval: 5_000,
  })

export const planMessage = (draft: MessageDraft) =>
  api<MessagePlan>('/api/messages/plan', { method: 'POST', json: draft })

export const sendMessage = (draft: MessageDraft) =>
  api<{ batchId: number; email: number; post: number }>('/api/messages', {
    method: 'POST',
    json: draft,
  })

// Every change is followed by fresh messages and templates (all under one key).
export function useMessagesChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: messagesKey }),
  })
}

export const templatesQuery = queryOptions({
  queryKey: [...messagesKey, 'templates'],
  queryFn: () => api<MessageTemplate[]>('/api/message-templates'),
})

export const saveTemplate = (template: MessageTemplateInput) =>
  api<MessageTemplate>('/api/message-templates', { method: 'POST', json: template })

export const deleteTemplate = (id: number) =>
  api<void>(`/api/message-templates/${id}`, { method: 'DELETE' })
