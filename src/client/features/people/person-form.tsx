import { useId, useRef, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { Person } from '#shared/schemas/person'
import { Alert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { plotPath } from '#client/lib/paths.ts'
import { displayName, personPath, type PeopleMode } from './mode.ts'
import { PersonStatus } from './person-status.tsx'
import { ContactLinks } from './contact-links.tsx'
import { PersonFields } from './person-fields.tsx'
import { useFocusAfterRender, useFocusOnMount } from './use-focus.ts'
import { usePersonEditor } from './use-person-editor.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

interface Props {
  person: Person
  mode: PeopleMode
  // While only the list's copy is shown, editing waits for the record and its current version.
  loading: boolean
}

export function PersonForm({ person, mode, loading }: Props) {
  const editor = usePersonEditor(person, mode)
  const plotNames = usePlotNames()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const form = useRef<HTMLFormElement>(null)
  const focusLater = useFocusAfterRender(form)
  const headingId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (editor.editing) void editor.submit()
  }

  // The buttons carry keys so that Edit and Submit are different elements: otherwise the click on
  // Edit would turn its own button into a submit button mid-click and submit the form at once.
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {displayName(person)} <span className="people__nickname">({person.id})</span>
      </h2>
      <form ref={form} className="form" onSubmit={submit} noValidate>
        {editor.prompt}
        {editor.editing ? null : (
          // On a phone the record runs long: what one does with it comes first.
          <div className="button-row">
            <button
              key="edit"
              type="button"
              className="button"
              data-focus="edit"
              disabled={loading}
              onClick={() => {
                editor.edit()
                focusLater('[name="firstName"]')
              }}
            >
              Edit
            </button>
            <Link
              key="remove"
              className="button button--quiet"
              to={`${personPath(mode, person.id)}/delete`}
            >
              Remove
            </Link>
            <ContactLinks person={person} />
            {loading ? <Spinner label="Loading" /> : null}
          </div>
        )}
        <Alert>{editor.error}</Alert>
        {editor.conflict ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void editor.reload()}
          >
            Reload
          </button>
        ) : null}
        <PersonFields
          draft={editor.shown}
          onChange={editor.change}
          readOnly={!editor.editing}
          nicknameEditable={false}
        />
        <dl className="people__facts">
          <dt>Plots</dt>
          <dd>
            {person.plots.length === 0 ? (
              'None'
            ) : (
              <ul className="people__plots">
                {person.plots.map((plot) => (
                  <li key={plot}>
                    <Link className="link-target" to={plotPath(plot)}>
                      Plot {plotNames.ofKey(plot)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Status</dt>
          <dd>
            <PersonStatus person={person} />
          </dd>
        </dl>
        {editor.editing ? (
          <div className="button-row">
            <button key="submit" type="submit" className="button" disabled={editor.busy}>
              Submit
            </button>
            <button
              key="cancel"
              type="button"
              className="button button--quiet"
              onClick={() => {
                editor.cancel()
                focusLater('[data-focus="edit"]')
              }}
            >
              Cancel
            </button>
            {editor.busy ? <Spinner label="Saving" /> : null}
          </div>
        ) : null}
      </form>
    </section>
  )
}
