import { useCallback, useEffect, useRef, useState } from 'react'
import { useBlocker, type Blocker } from 'react-router'
import { commonMessages } from '#shared/messages/common'

/**
 * While `dirty`, leaving the page by any way (a link, the list, the back button, closing the
 * tab) asks first. Render `prompt` inside the form; call `saved()` once the form is saved, just
 * before the form itself moves on.
 */
export function useUnsavedChanges(dirty: boolean) {
  // A ref, not the rendered value: a save navigates in the same tick as it calls saved().
  const unsaved = useRef(dirty)
  unsaved.current = dirty
  const blocker = useBlocker(() => unsaved.current)
  useEffect(() => {
    if (!dirty) return
    // The browser shows its own question on closing the tab or reloading; the text is its own.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  return {
    saved: () => {
      unsaved.current = false
    },
    prompt: <LeavePrompt blocker={blocker} />,
  }
}

/** Tells a page's useUnsavedForms whether one of its forms holds unsaved changes. */
export type ReportUnsaved = (form: string, dirty: boolean) => void

/**
 * useUnsavedChanges for a page with several forms open at once: React Router heeds only the
 * newest blocker, so the forms cannot each have their own. Each form reports with `report` (see
 * useReportUnsaved); render `prompt` once. The page's forms save without moving on, so there is
 * no `saved()`: a saved form reports itself clean, or goes.
 */
export function useUnsavedForms() {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set())
  const { prompt } = useUnsavedChanges(dirtyForms.size > 0)
  const report = useCallback<ReportUnsaved>((form, dirty) => {
    setDirtyForms((current) => {
      if (current.has(form) === dirty) return current
      const next = new Set(current)
      if (dirty) next.add(form)
      else next.delete(form)
      return next
    })
  }, [])
  return { prompt, report }
}

/** A form's side of useUnsavedForms: reports while mounted, and reports clean when it goes. */
export function useReportUnsaved(report: ReportUnsaved, form: string, dirty: boolean) {
  useEffect(() => {
    report(form, dirty)
    return () => report(form, false)
  }, [report, form, dirty])
}

// A modal dialog: focus moves into it, Escape means stay, and the page behind cannot be used.
function LeavePrompt({ blocker }: { blocker: Blocker }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const blocked = blocker.state === 'blocked'
  useEffect(() => {
    if (blocked && !dialog.current?.open) dialog.current?.showModal()
    if (!blocked && dialog.current?.open) dialog.current.close()
  }, [blocked])
  return (
    <dialog
      ref={dialog}
      className="prompt-dialog"
      aria-labelledby="leave-prompt-text"
      onCancel={() => blocker.reset?.()}
    >
      <p id="leave-prompt-text">{commonMessages.unsavedChanges}</p>
      <div className="button-row">
        <button type="button" className="button" autoFocus onClick={() => blocker.reset?.()}>
          Stay on this page
        </button>
        <button type="button" className="button button--danger" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </button>
      </div>
    </dialog>
  )
}
