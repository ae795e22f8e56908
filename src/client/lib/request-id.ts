import { useState } from 'react'
import { ApiError } from './api.ts'

/** A fresh id for one submission. randomUUID needs a secure context; a plain-HTTP LAN address gets the same from random bytes. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The id that makes a second submission of the same entry (a double click, a retry after the
 * connection dropped) the same one on the server: kept until the server has answered for it,
 * then replaced. A refusal (4xx) stored nothing, so the next attempt may take a new one; a lost
 * answer or a server failure keeps it, as the entry may have been stored.
 */
export function useRequestId() {
  const [id, setId] = useState(newRequestId)
  const renew = () => setId(newRequestId())
  return {
    id,
    succeeded: renew,
    failed(error: unknown) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) renew()
    },
  }
}
