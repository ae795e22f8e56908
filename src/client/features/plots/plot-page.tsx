import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { commonMessages } from '#shared/messages/common'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { plotQuery } from './api.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { PlotDetail } from './plot-detail.tsx'
import { PlotEditForm } from './plot-edit-form.tsx'
import './plot-screens.css'

export function PlotPage() {
  const id = useParams().id ?? ''
  const plot = useQuery(plotQuery(id))
  const names = usePlotNames()
  const [editing, setEditing] = useState(false)
  // After an edit, focus goes back to the Edit button instead of being lost with the form.
  const [edited, setEdited] = useState(false)

  if (plot.isPending) return <Spinner />
  if (plot.isError) {
    // Spec section 8: a missing plot shows 'Error!'.
    const missing = plot.error instanceof ApiError && plot.error.status === 404
    return (
      <section>
        <PageHeading>{`Plot ${id}`}</PageHeading>
        <Alert>{missing ? commonMessages.error : errorMessage(plot.error)}</Alert>
        {missing ? <p>There is no plot named “{id}”.</p> : null}
        <p>
          <Link className="link-target" to="/members/plots">
            Back to plots
          </Link>
        </p>
      </section>
    )
  }
  return (
    <section>
      <PageHeading>{`Plot ${names.of(plot.data)}`}</PageHeading>
      {editing ? (
        <PlotEditForm
          plot={plot.data}
          onDone={() => {
            setEditing(false)
            setEdited(true)
          }}
        />
      ) : (
        <PlotDetail plot={plot.data} onEdit={() => setEditing(true)} focusEdit={edited} />
      )}
    </section>
  )
}
