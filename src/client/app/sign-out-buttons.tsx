import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { signOutMessages } from '#shared/messages/sign-out'
import { useOnline } from '#client/lib/online.ts'
import { beginSignOut } from '#client/lib/sign-out.ts'
import { forgetAll, sendWaiting, waitingRecords, watchOutbox } from '#client/lib/outbox.ts'

interface Asking {
  everywhere: boolean
  unsent: number
}

/**
 * Sign out and Sign out everywhere. Records not yet sent (inspections' notes naming tenants and
 * photos, a work party's hours)
 * are never left on the phone for the next person (issue 42): with any waiting, signing out
 * first asks whether to send them, delete them, or stay signed in.
 */
export function SignOutButtons({ userName }: { userName: string }) {
  const [asking, setAsking] = useState<Asking | null>(null)
  const ask = async (everywhere: boolean) => {
    const unsent = (await waitingRecords()).length
    if (unsent === 0) beginSignOut(everywhere)
    else setAsking({ everywhere, unsent })
  }
  return (
    <div className="members__sign-out">
      <button type="button" className="button button--quiet" onClick={() => void ask(false)}>
        {signOutMessages.signOut}
      </button>
      <button type="button" className="button button--quiet" onClick={() => void ask(true)}>
        {signOutMessages.signOutEverywhere}
      </button>
      {/* Not inside the menu, whose strip sets its own type and buttons. */}
      {asking
        ? createPortal(
            <UnsentRecords userName={userName} {...asking} onStay={() => setAsking(null)} />,
            document.body,
          )
        : null}
    </div>
  )
}

// A modal dialog, as the unsaved changes' prompt: focus moves into it, Escape means stay.
function UnsentRecords({
  userName,
  everywhere,
  unsent: counted,
  onStay,
}: Asking & { userName: string; onStay: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const online = useOnline()
  const [unsent, setUnsent] = useState(counted)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal()
  }, [])
  // Sent from the screen behind or from here, or deleted: once none waits, the sign-out goes on.
  useEffect(() => {
    let live = true
    const stop = watchOutbox(() => {
      void waitingRecords().then(({ length }) => {
        if (!live) return
        if (length === 0) beginSignOut(everywhere)
        else setUnsent(length)
      })
    })
    return () => {
      live = false
      stop()
    }
  }, [everywhere])
  const send = async () => {
    setSending(true)
    // Each kind's request is loaded only when it is needed: the members' first load stays small.
    const { sendAny } = await import('./send-any-record.ts')
    await sendWaiting(userName, sendAny)
    setSending(false)
    setSent(true)
  }
  const remove = async () => {
    await forgetAll()
    beginSignOut(everywhere)
  }
  return (
    <dialog
      ref={dialog}
      className="prompt-dialog"
      aria-labelledby="unsent-records-text"
      onCancel={onStay}
    >
      <p id="unsent-records-text">{signOutMessages.unsentRecords(unsent)}</p>
      {sent ? <p>{signOutMessages.notAllSent}</p> : null}
      {online ? null : <p>{signOutMessages.sendNeedsSignal}</p>}
      <div className="button-row">
        <button type="button" className="button" autoFocus onClick={onStay}>
          {signOutMessages.staySignedIn}
        </button>
        <button
          type="button"
          className="button"
          disabled={!online || sending}
          onClick={() => void send()}
        >
          {signOutMessages.sendThenSignOut}
        </button>
        <button type="button" className="button button--danger" onClick={() => void remove()}>
          {signOutMessages.deleteAndSignOut}
        </button>
      </div>
    </dialog>
  )
}
