import { queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { KeyHolding } from '#shared/schemas/keys'
import type { MyOffer, MyStillWant } from '#shared/schemas/letting'
import type { MyMessage } from '#shared/schemas/messages'
import type { MyDetails, MyRecord, Person } from '#shared/schemas/person'
import type { MyRent } from '#shared/schemas/rent'
import type { MyWorkHours } from '#shared/schemas/work-hours'
import { ownPlotsQuery } from '../../components/site-map/own-plots-query.ts'
import { siteMapQuery } from '../../components/site-map/site-map-query.ts'
import { sitesQuery } from '../../components/sites/sites-query.ts'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

// The signed-in member's own record and what hangs on it (issue 29), all under one key: the
// server picks the person from the session, never from anything the page sends.
const mine = <T>(part: string, url: string) =>
  queryOptions({
    queryKey: [...queryKeys.myAllotment, part],
    queryFn: () => api<T>(url),
    // 404 says the account is linked to no one: asking again will not change that.
    retry: false,
  })

export const myRecordQuery = mine<MyRecord>('details', '/api/me/details')
export const myRentQuery = mine<MyRent>('rent', '/api/me/rent')
export const myMessagesQuery = mine<MyMessage[]>('messages', '/api/me/messages')
export const myKeysQuery = mine<KeyHolding[]>('keys', '/api/me/keys')
export const myWorkHoursQuery = mine<MyWorkHours>('work-hours', '/api/me/work-hours')

export const myOffersQuery = mine<MyOffer[]>('offers', '/api/me/offers')
export const myStillWantQuery = mine<MyStillWant>('still-want', '/api/me/still-want')

// Every section My allotment shows below the member's record, asked for together. The page waits
// for them all, so only whether each is in matters, not what it holds: seen as holding `unknown`
// (a cast, as TypeScript cannot widen the options' callbacks) they go in one list.
type Section = UseQueryOptions<unknown, Error, unknown, QueryKey>
export const myAllotmentSections = [
  ownPlotsQuery,
  myRentQuery,
  myMessagesQuery,
  myOffersQuery,
  myStillWantQuery,
  myKeysQuery,
  myWorkHoursQuery,
  siteMapQuery(),
  // Whether a plot is named with its site, and which sites' maps are shown (issue 46).
  sitesQuery,
] as ReadonlyArray<Section>

export const myInvoiceUrl = (id: number) => `/api/me/invoices/${id}/pdf`
export const myLetterUrl = (id: number) => `/api/me/letters/${id}/pdf`

const saveMyDetails = (details: MyDetails) =>
  api<Person>('/api/me/details', { method: 'PUT', json: details })

export const useSaveMyDetails = () =>
  useChange({ mutationFn: saveMyDetails, invalidates: [queryKeys.myAllotment] })

const answerMyOffer = ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
  api<MyOffer>(`/api/me/offers/${id}/answer`, { method: 'POST', json: { answer } })

// An accepted plot is the member's and leaves the list: their page and the plots change.
export const useAnswerMyOffer = () =>
  useChange({
    mutationFn: answerMyOffer,
    invalidates: [queryKeys.myAllotment, queryKeys.plots, queryKeys.offers],
  })

const stayOnList = () => api<{ closesOn: string }>('/api/me/still-want', { method: 'POST' })

export const useStayOnList = () =>
  useChange({ mutationFn: stayOnList, invalidates: [queryKeys.myAllotment] })
