import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { useViewer } from '../../lib/session.ts'
import { landQuery } from './api.ts'
import { LandGroupItem } from './land-group.tsx'
import { UploadForm } from './upload-form.tsx'
import './land.css'

const COMMITTEE = 3

// A timeline reads from the beginning: oldest group first, as the server orders them.
export function LandPage() {
  const groups = useQuery(landQuery)
  const { data: viewer } = useViewer()
  const canEdit = (viewer?.level ?? 0) >= COMMITTEE
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const toggle = (key: string, show = !open.has(key)) =>
    setOpen((current) => {
      const next = new Set(current)
      if (show) next.add(key)
      else next.delete(key)
      return next
    })

  return (
    <section>
      <PageHeading>Timeline of Land Communications</PageHeading>
      <p className="land-intro">
        Letters and documents about the land, oldest first. Open a date to see its documents; each
        opens as a PDF in a new tab.
      </p>
      <QueryState query={groups}>
        {(list) =>
          list.length === 0 ? (
            <p>No documents have been added yet.</p>
          ) : (
            <ol className="timeline">
              {list.map((group) => (
                <LandGroupItem
                  key={group.dateDescription}
                  group={group}
                  open={open.has(group.dateDescription)}
                  onToggle={() => toggle(group.dateDescription)}
                  canEdit={canEdit}
                />
              ))}
            </ol>
          )
        }
      </QueryState>
      {canEdit ? (
        <UploadForm
          descriptions={[...new Set((groups.data ?? []).map((group) => group.description))]}
          onUploaded={(document) => toggle(document.dateDescription, true)}
        />
      ) : null}
    </section>
  )
}
