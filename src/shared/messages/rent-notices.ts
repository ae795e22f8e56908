// The notices the law requires (issue 47, item 6): rent unpaid 40 days after it is due allows one
// month's notice to quit, which the arrears list says. Apart from rent.ts, whose words many
// screens carry.

export const rentNoticeMessages = {
  daysPastDue: 'Days past due',
  noticeToQuitAllowed: (days: number) => `${days}: notice to quit may be given`,
} as const
