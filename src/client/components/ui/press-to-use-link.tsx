import type { ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { errorMessage } from '../../lib/api.ts'
import { Alert } from './alert.tsx'
import { Spinner } from './spinner.tsx'

interface Props<T> {
  token: string
  /** Said when the address has no token at all. */
  unusable: string
  /** What the press will do, above the button. */
  intro?: ReactNode
  buttonLabel: string
  /** Sends the token: once, and not retried, as a token works once. */
  send: (token: string) => Promise<T>
  /** What was done, as the server says it was. */
  done: (result: T) => ReactNode
}

// The page an e-mailed link opens (confirming an application, a new e-mail address, answering an
// offer or the yearly question). Opening it changes nothing, so a mail scanner that follows links
// (and runs their scripts) cannot; the person's press does.
export function PressToUseLink<T>({ token, unusable, intro, buttonLabel, send, done }: Props<T>) {
  const using = useMutation({ mutationFn: () => send(token) })
  if (token === '') return <Alert>{unusable}</Alert>
  if (using.isSuccess) return <Alert tone="success">{done(using.data)}</Alert>
  return (
    <>
      {intro}
      <Alert>{using.isError ? errorMessage(using.error) : ''}</Alert>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={using.isPending}
          onClick={() => using.mutate()}
        >
          {buttonLabel}
        </button>
        {using.isPending ? <Spinner label="Sending" /> : null}
      </div>
    </>
  )
}
