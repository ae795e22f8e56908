import { queryOptions } from '@tanstack/react-query'
import type {
  ArrearsInvoice,
  ConfirmMatches,
  CorrectionInput,
  DueItem,
  InstalmentSplit,
  Invoice,
  InvoiceDetail,
  LedgerEntry,
  PaymentInput,
  RateRaise,
  RentSettings,
  RentYear,
  SiteRentSettings,
  StartYear,
  StatementCheck,
  StatementLayout,
  StatementTie,
  StoredRentSettings,
  YearPreview,
  YearSummary,
} from '#shared/schemas/rent'
import type { BankCategory } from '#shared/domain/bank-lines'
import type { ExportFormat, YearAccounts } from '#shared/domain/year-accounts'
import type {
  BankLines,
  Categorised,
  CategoryChange,
  KeptLines,
  NewCategory,
  Opening,
  Period,
} from '#shared/schemas/year-accounts'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Every key starts with the collection's: a change (useChange, invalidating queryKeys.rent)
// refreshes the year, its invoices and the lists at once, and the person's and plot's rent too.

export const rentSettingsQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'settings'],
  queryFn: () => api<StoredRentSettings>('/api/rent/settings'),
})

export const saveRentSettings = (
  settings: RentSettings & { version: number; takesEffect?: string },
) => api<StoredRentSettings>('/api/rent/settings', { method: 'PUT', json: settings })

/** A site's own rates, or none (the organisation's): decision 48. */
export const siteRentSettingsQuery = (siteId: number) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'settings', 'site', siteId],
    queryFn: () => api<SiteRentSettings>(`/api/rent/settings/sites/${siteId}`),
  })

export const saveSiteRentSettings = (siteId: number) => (settings: SiteRentSettings) =>
  api<SiteRentSettings>(`/api/rent/settings/sites/${siteId}`, { method: 'PUT', json: settings })

/** Raises of the rates still to take effect, with the tenants to be told (decision 62). */
export const rateRaisesQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'rate-raises'],
  queryFn: () => api<RateRaise[]>('/api/rent/rate-raises'),
})

export const yearsQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'years'],
  queryFn: () => api<RentYear[]>('/api/rent/years'),
})

/**
 * The query string of a list for the site chosen on the screen (issue 46), with any other
 * parameters: the server lists every site the viewer may see without one.
 */
const forSite = (site: number | undefined, params: Record<string, string> = {}) => {
  const query = new URLSearchParams(
    site === undefined ? params : { ...params, site: String(site) },
  ).toString()
  return query ? `?${query}` : ''
}

export const summaryQuery = (yearId: number, site: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'summary', yearId, site],
    queryFn: () => api<YearSummary>(`/api/rent/years/${yearId}/summary${forSite(site)}`),
  })

export const yearInvoicesQuery = (yearId: number, site: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'invoices', yearId, site],
    queryFn: () => api<Invoice[]>(`/api/rent/years/${yearId}/invoices${forSite(site)}`),
  })

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'invoice', id],
    queryFn: () => api<InvoiceDetail>(`/api/rent/invoices/${id}`),
  })

export const arrearsQuery = (site: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'arrears', site],
    queryFn: () => api<ArrearsInvoice[]>(`/api/rent/arrears${forSite(site)}`),
  })

export const dueQuery = (site: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'due', site],
    queryFn: () => api<DueItem[]>(`/api/rent/due${forSite(site)}`),
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

/** What an invoice still owes split into instalments, or split again (decision 60). */
export const splitInstalments = ({
  invoiceId,
  ...input
}: InstalmentSplit & { invoiceId: number }) =>
  api<InvoiceDetail>(`/api/rent/invoices/${invoiceId}/instalments`, { method: 'POST', json: input })

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
export const yearPdfHref = (yearId: number, postOnly: boolean, site: number | undefined) =>
  `/api/rent/years/${yearId}/invoices.pdf${forSite(site, postOnly ? { post: '1' } : {})}`
export const invoicePdfHref = (id: number) => `/api/rent/invoices/${id}/pdf`
export const paymentsCsvHref = (from: string, to: string, site: number | undefined) =>
  `/api/rent/payments.csv${forSite(site, { from, to })}`
export const invoiceHref = (id: number) => `/members/rent/invoices/${id}`

// Every bank line in its place and the year's accounts (issue 47, items 4 and 5).

/** A checked statement's lines kept for the accounts: the file sent again, with its layout. */
export const keepBankLines = ({ file, layout }: { file: File; layout?: StatementLayout }) =>
  api<KeptLines>('/api/rent/bank-lines', {
    method: 'POST',
    body: uploadForm(layout ? { layout: JSON.stringify(layout) } : {}, file),
  })

const period = ({ from, to }: Period) => new URLSearchParams({ from, to }).toString()

export const bankLinesQuery = (range: Period) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'bank-lines', range.from, range.to],
    queryFn: () => api<BankLines>(`/api/rent/bank-lines?${period(range)}`),
  })

export const bankCategoriesQuery = queryOptions({
  queryKey: [...queryKeys.rent, 'bank-categories'],
  queryFn: () => api<BankCategory[]>('/api/rent/bank-categories'),
})

export const categoriseLine = ({ lineId, categoryKey }: { lineId: string; categoryKey: string }) =>
  api<Categorised>(`/api/rent/bank-lines/${lineId}/category`, {
    method: 'PUT',
    json: { categoryKey },
  })

export const addBankCategory = (category: NewCategory) =>
  api<BankCategory[]>('/api/rent/bank-categories', { method: 'POST', json: category })

export const changeBankCategory = ({ key, ...change }: CategoryChange & { key: string }) =>
  api<BankCategory[]>(`/api/rent/bank-categories/${key}`, { method: 'PUT', json: change })

export const accountsQuery = (range: Period) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'accounts', range.from, range.to],
    queryFn: () => api<YearAccounts>(`/api/rent/accounts?${period(range)}`),
  })

export const saveOpening = (opening: Opening) =>
  api<Opening>('/api/rent/accounts/opening', { method: 'PUT', json: opening })

export const accountsHref = (range: Period, ext: 'csv' | 'pdf') =>
  `/api/rent/accounts.${ext}?${period(range)}`

export const bankLinesExportHref = (range: Period, format: ExportFormat) =>
  `/api/rent/bank-lines.csv?${period(range)}&format=${format}`
