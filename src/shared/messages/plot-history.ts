// A plot's history on its page (issue 32): tenancies, inspections, notices, invoices and offers
// in one timeline, newest first.

import { penceText } from '#shared/domain/money'
import { longDate } from '#shared/domain/dates'

export const plotHistoryMessages = {
  heading: 'History',
  noHistory: 'Nothing has happened to this plot yet.',
  tenantAdded: (name: string) => `${name} became a tenant`,
  tenantLeft: (name: string) => `${name} left the plot`,
  inspected: (grade: string, cultivated: number) =>
    `Inspected: ${grade}, ${cultivated}% cultivated`,
  inspectedBy: (userName: string) => `Recorded by ${userName}.`,
  noticeSent: (stage: string, tenants: readonly string[]) =>
    `${stage} sent to ${tenants.join(' and ') || 'the tenants'}`,
  noticeDeadline: (stage: 'improvement' | 'final' | 'quit', deadline: string) =>
    stage === 'quit'
      ? `The tenancy ends on ${longDate(deadline)}.`
      : `To be put right by ${longDate(deadline)}.`,
  noticeEnded: 'The tenancy ended by notice to quit',
  invoiced: (number: number, year: string, amount: number) =>
    `Invoice ${number} for ${year}: ${penceText(amount)}`,
  invoiceState: (payer: string, outstanding: number) =>
    outstanding > 0
      ? `To ${payer}; ${penceText(outstanding)} owed.`
      : outstanding < 0
        ? `To ${payer}; paid, ${penceText(-outstanding)} over.`
        : `To ${payer}; paid.`,
  offered: (name: string) => `Offered to ${name}`,
  offerAnswered: (status: string) => `Answer: ${status}.`,
  accepted: (name: string) => `Let to ${name}, who accepted the offer`,
  photo: (number: number) => `Photo ${number} of the inspection`,
} as const
