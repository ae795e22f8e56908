import { queryOptions } from '@tanstack/react-query'
import type {
  ConfirmMatches,
  CorrectionInput,
  DueItem,
  Invoice,
  InvoiceDetail,
  LedgerEntry,
  PaymentInput,
  RentSettings,
  RentYear,
  StartYear,
  StatementCheck,
  StatementLayout,
  StatementTie,
  StoredRentSettings,
  YearPreview,
  YearSummary,
} from '#shared/schemas/rent'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Every key starts with the collection's: a change (useChange, invalidating queryKeys.rent)
// refreshes the year, its invoices and the lists at once, and the person's and plot's rent too.

export const rentSettingsQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'settings'],
  queryFn: () => api<StoredRentSettings>('/api/rent/settings'),
})

export const saveRentSettings = (settings: RentSettings & { version: number }) =>
  api<StoredRentSettings>('/api/rent/settings', { method: 'PUT', json: settings })

export const yearsQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'years'],
  queryFn: () => api<RentYear[]>('/api/rent/years'),
})

export const summaryQuery = (yearId: number) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'summary', yearId],
    queryFn: () => api<YearSummary>(`/api/rent/years/${yearId}/summary`),
  })

export const yearInvoicesQuery = (yearId: number) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'invoices', yearId],
    queryFn: () => api<Invoice[]>(`/api/rent/years/${yearId}/invoices`),
  })

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'invoice', id],
    queryFn: () => api<InvoiceDetail>(`/api/rent/invoices/${id}`),
  })

export const arrearsQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'arrears'],
  queryFn: () => api<Invoice[]>('/api/rent/arrears'),
})

export const dueQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'due'],
  queryFn: () => api<DueItem[]>('/api/rent/due'),
})

export const previewYear = (startDate: string) =>
  api<YearPreview>('/api/rent/years/preview', { method: 'POST', json: { startDate } })

export const startYear = (body: StartYear) =>
  api<{ yearId: number; label: string; created: number }>('/api/rent/years', {
    method: 'POST',
    json: body,
  })

export const recordPayment = ({ invoiceId, ...input }: PaymentInput & { invoiceId: number }) =>
  api<LedgerEntry>(`/api/rent/invoices/${invoiceId}/payments`, { method: 'POST', json: input })

export const recordCorrection = ({
  invoiceId,
  ...input
}: CorrectionInput & { invoiceId: number }) =>
  api<LedgerEntry>(`/api/rent/invoices/${invoiceId}/corrections`, { method: 'POST', json: input })

/** A statement checked: read with a layout the committee mapped, or its rows shown to map again. */
export const checkStatement = ({
  file,
  layout,
  choose,
}: {
  file: File
  layout?: StatementLayout
  choose?: boolean
}) =>
  api<StatementCheck>('/api/rent/statement', {
    method: 'POST',
    body: uploadForm(
      { ...(layout ? { layout: JSON.stringify(layout) } : {}), ...(choose ? { choose: '1' } : {}) },
      file,
    ),
  })

export const saveStatementLayout = (layout: StatementLayout) =>
  api<StatementLayout[]>('/api/rent/statement-layouts', { method: 'POST', json: layout })

export const confirmMatches = (body: ConfirmMatches) =>
  api<{ recorded: number }>('/api/rent/statement/confirm', { method: 'POST', json: body })

export const tieStatementLine = (tie: StatementTie) =>
  api<StatementTie>('/api/rent/statement/ties', { method: 'POST', json: tie })

// Downloads are plain links: the browser saves what the server sends.
export const yearPdfHref = (yearId: number, postOnly: boolean) =>
  `/api/rent/years/${yearId}/invoices.pdf${postOnly ? '?post=1' : ''}`
export const invoicePdfHref = (id: number) => `/api/rent/invoices/${id}/pdf`
export const paymentsCsvHref = (from: string, to: string) =>
  `/api/rent/payments.csv?${new URLSearchParams({ from, to }).toString()}`
export const invoiceHref = (id: number) => `/members/rent/invoices/${id}`
