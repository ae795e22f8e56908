import { useEffect, useRef } from 'react'
import { useBlocker, type Blocker } from 'react-router'
import { messages } from '#shared/messages'

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
      className="leave-prompt"
      aria-labelledby="leave-prompt-text"
      onCancel={() => blocker.reset?.()}
    >
      <p id="leave-prompt-text">{messages.unsavedChanges}</p>
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
