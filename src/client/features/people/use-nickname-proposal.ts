import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { proposedNickname } from '#shared/domain/people'
import { nicknameProposalQuery } from './api.ts'

// How long typing may pause before the server is asked whether the proposal is free.
const SETTLE_MS = 300

/**
 * The nickname proposed for a new person as their name is typed: at once from the name (the
 * shared rule), then, once typing pauses, the server's free one ('tomb2' when 'tomb' is taken).
 * Nothing is asked while `wanted` is false (the nickname was typed by hand).
 */
export function useNicknameProposal(firstName: string, lastName: string, wanted: boolean): string {
  const proposed = proposedNickname(firstName, lastName)
  const [settled, setSettled] = useState({ firstName, lastName })
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ firstName, lastName }), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [firstName, lastName])
  const free = useQuery({
    ...nicknameProposalQuery(settled.firstName, settled.lastName),
    enabled: wanted && proposedNickname(settled.firstName, settled.lastName) !== '',
  })
  // The server's answer counts only for the name as it now stands.
  const current = settled.firstName === firstName && settled.lastName === lastName
  return current && free.data ? free.data.nickname : proposed
}
