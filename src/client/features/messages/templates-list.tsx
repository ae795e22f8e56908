import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { commonMessages } from '#shared/messages/common'
import { mailMessages } from '#shared/messages/mail'
import type { MessageTemplate } from '#shared/schemas/messages'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { deleteTemplate, templatesQuery } from './api.ts'

// The templates kept, each with its subject, and a way to delete one.
export function TemplatesList() {
  const templates = useQuery(templatesQuery)
  const deleting = useChange({ mutationFn: deleteTemplate, invalidates: [queryKeys.messages] })
  const [notice, setNotice] = useState('')
  const [error, setError] = useState('')

  function remove(template: MessageTemplate) {
    if (!window.confirm(commonMessages.confirmDelete(template.name))) return
    deleting.mutate(template.id, {
      onSuccess: () => {
        setError('')
        setNotice(mailMessages.templateDeleted(template.name))
      },
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  if (!templates.data?.length && !notice) return null
  return (
    <section aria-labelledby="message-templates-heading">
      <h2 id="message-templates-heading">Templates</h2>
      <Alert tone="success">{notice}</Alert>
      <Alert>{error}</Alert>
      <ul className="message-templates">
        {templates.data?.map((template) => (
          <li key={template.id}>
            <strong>{template.name}</strong>: {template.subject}{' '}
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Delete ${template.name}`}
              onClick={() => remove(template)}
              disabled={deleting.isPending}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
