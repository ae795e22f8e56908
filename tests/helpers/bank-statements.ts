// Bank statements written as UK banks export them, for the same payments: each bank's columns,
// its lines about the account above the transactions, its way of writing dates and money, its
// text encoding; and OFX 1.x (SGML), OFX 2.x (XML) and QIF. A payment is money in (pence above
// nought) or out (below).

export interface Payment {
  /** ISO. */
  date: string
  pence: number
  /** The words the payer gave (or the bank wrote). */
  reference: string
  /** The payer's name, where the bank keeps it apart from the reference. */
  payee?: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const [y, m, d] = [0, 1, 2]
const parts = (iso: string) => iso.split('-')
const slashed = (iso: string) => `${parts(iso)[d]}/${parts(iso)[m]}/${parts(iso)[y]}`
const named = (iso: string) =>
  `${parts(iso)[d]} ${MONTHS[Number(parts(iso)[m]) - 1]} ${parts(iso)[y]}`
const run = (iso: string) => iso.replaceAll('-', '')
const pounds = (pence: number) => (pence / 100).toFixed(2)
const grouped = (pence: number) =>
  (Math.abs(pence) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })
const quoted = (cells: readonly (string | number)[]) =>
  cells.map((cell) => `"${String(cell).replaceAll('"', '""')}"`).join(',')
const words = (p: Payment) => [p.payee, p.reference].filter(Boolean).join(' ')

// A running balance after each payment, from £1,000.00.
const balances = (payments: readonly Payment[]) => {
  let balance = 100_000
  return payments.map((p) => (balance += p.pence))
}

export const BANK_STATEMENTS: Record<string, (payments: readonly Payment[]) => Buffer> = {
  Barclays: (payments) =>
    Buffer.from(
      [
        'Number,Date,Account,Amount,Subcategory,Memo',
        ...payments.map(
          (p) =>
            ` ,${slashed(p.date)},20-00-00 12345678,${pounds(p.pence)},${p.pence > 0 ? 'Counter Credit' : 'Debit'},${words(p)}`,
        ),
      ].join('\r\n'),
    ),
  'Lloyds or Halifax': (payments) => {
    const after = balances(payments)
    return Buffer.from(
      [
        'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance',
        ...payments.map((p, i) =>
          [
            slashed(p.date),
            p.pence > 0 ? 'FPI' : 'DEB',
            "'30-00-00",
            '12345678',
            words(p).toUpperCase(),
            p.pence < 0 ? pounds(-p.pence) : '',
            p.pence > 0 ? pounds(p.pence) : '',
            pounds(after[i]!),
          ].join(','),
        ),
      ].join('\n'),
    )
  },
  'NatWest or RBS': (payments) => {
    const after = balances(payments)
    return Buffer.from(
      [
        '',
        'Date, Type, Description, Value, Balance, Account Name, Account Number',
        ...payments.map(
          (p, i) =>
            `${named(p.date)},BAC,"'${words(p)}",${pounds(p.pence)},${pounds(after[i]!)},'ALLOTMENTS ASSN,'560036-12345678,`,
        ),
      ].join('\r\n'),
    )
  },
  // No heading row; amounts grouped in thousands and quoted.
  HSBC: (payments) =>
    Buffer.from(
      payments
        .map((p) => `${slashed(p.date)},${words(p)},"${p.pence < 0 ? '-' : ''}${grouped(p.pence)}"`)
        .join('\n'),
    ),
  // Lines about the account first; dates as "06 Oct 2026"; £ signs, saved as Windows-1252.
  Nationwide: (payments) => {
    const after = balances(payments)
    return Buffer.from(
      [
        quoted(['Account Name:', 'Business Account ****12345']),
        quoted(['Account Balance:', `£${grouped(after.at(-1)!)}`]),
        quoted(['Available Balance: ', `£${grouped(after.at(-1)!)}`]),
        '',
        quoted(['Date', 'Transaction type', 'Description', 'Paid out', 'Paid in', 'Balance']),
        ...payments.map((p, i) =>
          quoted([
            named(p.date),
            p.pence > 0 ? 'Bank credit' : 'Payment to',
            words(p),
            p.pence < 0 ? `£${grouped(p.pence)}` : '',
            p.pence > 0 ? `£${grouped(p.pence)}` : '',
            `£${grouped(after[i]!)}`,
          ]),
        ),
      ].join('\r\n'),
      'latin1',
    )
  },
  Monzo: (payments) =>
    Buffer.from(
      [
        'Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split,Money Out,Money In',
        ...payments.map((p, i) =>
          [
            `tx_0000${i}${p.date.replaceAll('-', '')}`,
            slashed(p.date),
            '09:15:00',
            'Faster payment',
            p.payee ?? '',
            '',
            'Income',
            pounds(p.pence),
            'GBP',
            pounds(p.pence),
            'GBP',
            '',
            '',
            '',
            p.reference,
            '',
            p.pence < 0 ? pounds(p.pence) : '',
            p.pence > 0 ? pounds(p.pence) : '',
          ].join(','),
        ),
      ].join('\n'),
    ),
  Starling: (payments) => {
    const after = balances(payments)
    return Buffer.from(
      [
        'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category,Notes',
        ...payments.map((p, i) =>
          [
            slashed(p.date),
            p.payee ?? '',
            p.reference,
            'FASTER PAYMENT',
            pounds(p.pence),
            pounds(after[i]!),
            'INCOME',
            '',
          ].join(','),
        ),
      ].join('\n'),
    )
  },
  // Lines about the account and the period first, a semicolon between columns.
  'CAF Bank': (payments) => {
    const after = balances(payments)
    return Buffer.from(
      [
        'Account Name;Riverside Allotments Association',
        'Sort Code;40-52-40',
        'Account Number;00012345',
        `Period;${slashed(payments[0]!.date)} to ${slashed(payments.at(-1)!.date)}`,
        'Date;Transaction Type;Details;Payments;Receipts;Balance',
        ...payments.map((p, i) =>
          [
            slashed(p.date),
            'FP',
            words(p),
            p.pence < 0 ? pounds(-p.pence) : '',
            p.pence > 0 ? pounds(p.pence) : '',
            pounds(after[i]!),
          ].join(';'),
        ),
        `Closing balance;;;;;${pounds(after.at(-1)!)}`,
      ].join('\r\n'),
    )
  },
  // With its byte-order mark, tab between columns, lines about the account first.
  'Unity Trust': (payments) => {
    const after = balances(payments)
    return Buffer.from(
      '\ufeff' +
        [
          'Unity Trust Bank\tStatement',
          'Account\t20123456',
          'Date\tDescription\tType\tMoney In\tMoney Out\tBalance',
          ...payments.map((p, i) =>
            [
              slashed(p.date),
              words(p),
              'CR',
              p.pence > 0 ? pounds(p.pence) : '',
              p.pence < 0 ? pounds(-p.pence) : '',
              pounds(after[i]!),
            ].join('\t'),
          ),
        ].join('\r\n'),
    )
  },
  // Santander's text export: a block to a transaction, non-breaking spaces and all.
  Santander: (payments) => {
    const after = balances(payments)
    return Buffer.from(
      [
        `From: ${slashed(payments[0]!.date)} to ${slashed(payments.at(-1)!.date)}`,
        '',
        'Account: XXXX XXXX XXXX 1234',
        '',
        ...payments.flatMap((p, i) => [
          `Date:\u00a0${slashed(p.date)}`,
          `Description:\u00a0${p.pence > 0 ? 'FASTER PAYMENTS RECEIPT REF.' : 'CARD PAYMENT TO '}${words(p)}`,
          `Amount:\u00a0${pounds(p.pence)}\u00a0`,
          `Balance:\u00a0${pounds(after[i]!)}\u00a0`,
          '',
        ]),
      ].join('\r\n'),
      'latin1',
    )
  },
  'OFX 1.x': (payments) =>
    Buffer.from(
      [
        'OFXHEADER:100',
        'DATA:OFXSGML',
        'VERSION:102',
        'SECURITY:NONE',
        'ENCODING:USASCII',
        'CHARSET:1252',
        'COMPRESSION:NONE',
        'OLDFILEUID:NONE',
        'NEWFILEUID:NONE',
        '',
        '<OFX>',
        '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261101120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
        '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
        '<STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>400000<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM>',
        '<BANKTRANLIST><DTSTART>20261001<DTEND>20261031',
        ...payments.map(
          (p, i) =>
            `<STMTTRN><TRNTYPE>${p.pence > 0 ? 'CREDIT' : 'DEBIT'}<DTPOSTED>${run(p.date)}000000[0:GMT]<TRNAMT>${pounds(p.pence)}<FITID>${run(p.date)}${String(i).padStart(4, '0')}<NAME>${(p.payee ?? p.reference).slice(0, 32)}<MEMO>${p.reference}</STMTTRN>`,
        ),
        '</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00<DTASOF>20261031</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>',
        '</OFX>',
      ].join('\r\n'),
    ),
  'OFX 2.x': (payments) =>
    Buffer.from(
      [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
        '<OFX>',
        '  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20261101120000</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>',
        '  <BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>',
        '    <STMTRS><CURDEF>GBP</CURDEF><BANKACCTFROM><BANKID>400000</BANKID><ACCTID>12345678</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>',
        '      <BANKTRANLIST><DTSTART>20261001</DTSTART><DTEND>20261031</DTEND>',
        ...payments.map(
          (p, i) =>
            `        <STMTTRN><TRNTYPE>${p.pence > 0 ? 'CREDIT' : 'DEBIT'}</TRNTYPE><DTPOSTED>${run(p.date)}</DTPOSTED><TRNAMT>${pounds(p.pence)}</TRNAMT><FITID>X${run(p.date)}${i}</FITID><NAME>${(p.payee ?? p.reference).slice(0, 32).replaceAll('&', '&amp;')}</NAME><MEMO>${p.reference.replaceAll('&', '&amp;')}</MEMO></STMTTRN>`,
        ),
        '      </BANKTRANLIST>',
        '    </STMTRS></STMTTRNRS></BANKMSGSRSV1>',
        '</OFX>',
      ].join('\n'),
    ),
  QIF: (payments) =>
    Buffer.from(
      [
        '!Type:Bank',
        ...payments.flatMap((p) => [
          `D${slashed(p.date)}`,
          `T${pounds(p.pence)}`,
          ...(p.payee ? [`P${p.payee}`] : []),
          `M${p.reference}`,
          '^',
        ]),
      ].join('\n'),
    ),
}
