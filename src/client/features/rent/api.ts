import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
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
  StatementLine,
  StoredRentSettings,
  YearPreview,
  YearSummary,
} from '#shared/schemas/rent'
import { api, uploadForm } from '../../lib/api.ts'

// Every key starts with 'rent': a change refreshes the year, its invoices and the lists at once
// (and the person's and plot's rent, which those features keep under the same first key).
const rentKey = ['rent'] as const

export const rentSettingsQuery = queryOptions({
  queryKey: [...rentKey, 'settings'],
  queryFn: () => api<StoredRentSettings>('/api/rent/settings'),
})

export const saveRentSettings = (settings: RentSettings & { version: number }) =>
  api<StoredRentSettings>('/api/rent/settings', { method: 'PUT', json: settings })

export const yearsQuery = queryOptions({
  queryKey: [...rentKey, 'years'],
  queryFn: () => api<RentYear[]>('/api/rent/years'),
})

export const summaryQuery = (yearId: number) =>
  queryOptions({
    queryKey: [...rentKey, 'summary', yearId],
    queryFn: () => api<YearSummary>(`/api/rent/years/${yearId}/summary`),
  })

export const yearInvoicesQuery = (yearId: number) =>
  queryOptions({
    queryKey: [...rentKey, 'invoices', yearId],
    queryFn: () => api<Invoice[]>(`/api/rent/years/${yearId}/invoices`),
  })

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...rentKey, 'invoice', id],
    queryFn: () => api<InvoiceDetail>(`/api/rent/invoices/${id}`),
  })

export const arrearsQuery = queryOptions({
  queryKey: [...rentKey, 'arrears'],
  queryFn: () => api<Invoice[]>('/api/rent/arrears'),
})

export const dueQuery = queryOptions({
  queryKey: [...rentKey, 'due'],
  queryFn: () => api<DueItem[]>('/api/rent/due'),
})

export const previewYear = (startDate: string) =>
  api<YearPreview>('/api/rent/years/preview', { method: 'POST', json: { startDate } })

export const startYear = (startDate: string) =>
  api<{ yearId: number; label: string; created: number }>('/api/rent/years', {
    method: 'POST',
    json: { startDate },
  })

export const recordPayment = ({ invoiceId, ...input }: PaymentInput & { invoiceId: number }) =>
  api<LedgerEntry>(`/api/rent/invoices/${invoiceId}/payments`, { method: 'POST', json: input })

export const recordCorrection = ({
  invoiceId,
  ...input
}: CorrectionInput & { invoiceId: number }) =>
  api<LedgerEntry>(`/api/rent/invoices/${invoiceId}/corrections`, { method: 'POST', json: input })

export const checkStatement = (file: File) =>
  api<StatementLine[]>('/api/rent/statement', { method: 'POST', body: uploadForm({}, file) })

export const confirmMatches = (body: ConfirmMatches) =>
  api<{ recorded: number }>('/api/rent/statement/confirm', { method: 'POST', json: body })

// Downloads are plain links: the browser saves what the server sends.
export const yearPdfHref = (yearId: number, postOnly: boolean) =>
  `/api/rent/years/${yearId}/invoices.pdf${postOnly ? '?post=1' : ''}`
export const invoicePdfHref = (id: number) => `/api/rent/invoices/${id}/pdf`
export const paymentsCsvHref = (from: string, to: string) =>
  `/api/rent/payments.csv?${new URLSearchParams({ from, to }).toString()}`
export const invoiceHref = (id: number) => `/members/rent/invoices/${id}`

/** A change to the rent records; everything rent is fetched afresh after it, whatever came of it. */
export function useRentChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: rentKey }),
  })
}
