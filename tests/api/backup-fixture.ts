import { sql } from 'kysely'
import { countAll } from '#server/core/db/portable'
import type { TestApp } from '#tests/helpers/test-app'

// A small association with rows in every table, including the awkward values a move between
// engines could bend: unicode, quotes and newlines, empty strings, nulls, 0/1 flags, better-auth
// booleans and dates, and file bytes from 0x00 to 0xFF.

/** Bytes that text encodings would damage: every byte value, then a pseudo-random tail. */
export function awkwardBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length)
  let state = seed
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    bytes[i] = i < 256 ? i : state & 0xff
  }
  bytes[length - 1] = 0xff
  bytes[length - 2] = 0x00
  return bytes
}

const names = ['Zoë', 'Łukasz', "O'Brien", 'Nguyễn', 'Smith', 'Åsa', '李', 'Müller-Lüdenscheidt']

export async function fillAssociation(t: TestApp) {
  const kysely = t.db.kysely
  await t.createAccount('admin1', 4)
  await t.createAccount('holder1', 1)
  const disabled = await t.createAccount('gone1', 1)
  await kysely.updateTable('user').set({ disabled: 1 }).where('id', '=', disabled).execute()
  await kysely
    .updateTable('user')
    .set({ emailVerified: 1 })
    .where('username', '=', 'admin1')
    .execute()
  await t.signInAs(3, 'committee1')
  // A wrong password leaves a rate-limit row.
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/username',
    payload: { username: 'holder1', password: 'not-the-password' },
  })
  // better-auth's nullable dates and its verification table, written as ISO text on both engines.
  await sql`update account set "accessTokenExpiresAt" = ${'2031-05-06T07:08:09.123Z'},
    scope = ${'read write'} where "userId" = ${disabled}`.execute(kysely)
  await sql`insert into verification (id, identifier, value, "expiresAt", "createdAt", "updatedAt")
    values ('v1', 'reset-password:abc', ${'{"x":"ü"}'}, ${'2030-01-02T03:04:05.678Z'},
      ${'2029-12-31T23:59:59.999Z'}, ${'2030-01-01T00:00:00.000Z'})`.execute(kysely)
  await kysely
    .insertInto('app_settings')
    .values([
      { key: 'site-note', value: 'Gates close at dusk\n"Mind the dog"' },
      { key: 'empty', value: '' },
    ])
    .execute()

  // About a small site's worth: 96 people, 60 plots, 300 log entries.
  const people = names.flatMap((name, i) =>
    Array.from({ length: 12 }, (_, k) => {
      const n = k % 3
      return {
        id: `${name.toLowerCase()}-${k}`,
        title: n === 0 ? 'Mrs' : n === 1 ? '' : 'Revd Dr',
        firstName: name,
        lastName: `Family ${i}`,
        dateJoined: `20${10 + i}-0${n + 1}-15`,
        joinedWaitingList: `20${10 + i}-0${n + 1}-01`,
        address: n === 0 ? '' : `${i} Lane\nTown "Upper"`,
        phoneNumber: n === 2 ? '' : `+44 1632 96${i}${k}`,
        email: n === 1 ? '' : `p${i}-${k}@example.org`,
        altEmail: '',
        contactBy: n === 1 ? ('post' as const) : n === 2 ? ('both' as const) : ('email' as const),
        concession: n === 2 ? 1 : 0,
        notes: n === 1 ? 'Wants a half plot\n"No e-mail" – post only ✓' : '',
        // The waiting list's references; one record without (as an erased one has none).
        reference: k === 11 ? null : `R${i}${String(k).padStart(2, '0')}XYZW`,
        isPlotHolder: n < 2 ? 1 : 0,
        onWaitingList: n === 2 ? 1 : 0,
        version: 1 + n,
      }
    }),
  )
  await kysely.insertInto('people').values(people).execute()
  // Those waiting have their place on the first site's list (decision 47).
  await kysely
    .insertInto('waiting_places')
    .values(
      people
        .filter((p) => p.onWaitingList)
        .map((p) => ({
          personId: p.id,
          siteId: 1,
          joinedWaitingList: p.joinedWaitingList,
          joinedWaitingListAt: '',
          waitingListEntry: 0,
        })),
    )
    .execute()
  const plots = Array.from({ length: 60 }, (_, i) => ({
    id: `${i + 1}${i % 3 === 0 ? 'A' : ''}`,
    name: `${i + 1}${i % 3 === 0 ? 'A' : ''}`,
    siteId: 1,
    description: i % 2 ? `Plot ${i} – near the shed ✓` : '',
    area: 50 + i * 10,
    distance: i * 7,
    gradient: i % 2 ? 'slope' : 'flat',
    feePence: 4500 + i * 100 + (i % 2) * 50,
    paid: i % 2,
    showOnGrid: i === 5 ? 0 : 1,
    isNew: i === 3 ? 1 : 0,
    isFailed: i === 7 ? 1 : 0,
    version: 1,
  }))
  await kysely.insertInto('plots').values(plots).execute()
  const holders = people.filter((p) => p.isPlotHolder)
  await kysely
    .insertInto('tenancy')
    .values(
      holders.map((p, i) => ({
        plotId: plots[i % plots.length]!.id,
        siteId: 1,
        personId: p.id,
        beganOn: i % 2 ? '2021-04-01' : '',
      })),
    )
    .execute()
  // Tenancies that ended (issue 44), one of them for a reason said with care.
  await kysely
    .insertInto('tenancy_ends')
    .values(
      (['gaveUp', 'movedAway', 'died', 'committee'] as const).map((reason, i) => ({
        plotId: plots[i]!.id,
        personId: people[people.length - 1 - i]!.id,
        beganOn: '2019-03-0' + (i + 1),
        endedOn: '2024-11-1' + i,
        reason,
        recordedAt: new Date(Date.UTC(2024, 10, 20, 9, i)).toISOString(),
      })),
    )
    .execute()

  await kysely
    .insertInto('logs')
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        timeStamp: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
        userName: i % 2 ? 'committee1' : 'admin1',
        methodName: i % 3 ? 'updatePerson' : 'addPlotToPerson',
        eventCollection: 'people',
        docId: people[i % people.length]!.id,
        value: JSON.stringify({ i, note: 'naïve café ☕', nested: { ok: i % 2 === 0 } }),
        error: i === 13 ? JSON.stringify({ status: 422, message: 'Only four tenants' }) : 'null',
      })),
    )
    .execute()
  // A gap in the ids, as deletions leave in real data: the import must keep ids as they are.
  await kysely.deleteFrom('logs').where('id', '=', 20).execute()

  const files = [awkwardBytes(4096, 1), awkwardBytes(3000, 2), Buffer.alloc(0)]
  const fileIds: number[] = []
  for (const [i, data] of files.entries()) {
    const row = await kysely
      .insertInto('files')
      .values({
        name: `document-${i}.pdf`,
        contentType: 'application/pdf',
        size: data.length,
        data,
        createdAt: new Date(Date.UTC(2023, i, 1)).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    fileIds.push(row.id)
  }
  await kysely
    .insertInto('land_documents')
    .values(
      fileIds.map((fileId, i) => ({
        name: `Lease ${i} (Gemeinde Straße)`,
        fileId,
        dateDescription: i ? `${2000 + i}` : 'undated',
        sortOrder: i,
      })),
    )
    .execute()
  await kysely
    .insertInto('enquiries')
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        name: names[i]!,
        email: `enquirer${i}@example.org`,
        enquiry: `Is a plot free?\n${'…'.repeat(i)}`,
        createdAt: new Date(Date.UTC(2024, 5, i + 1)).toISOString(),
        sentAt: i % 2 ? new Date(Date.UTC(2024, 5, i + 1, 1)).toISOString() : null,
        deliveredTo: i === 1 ? 'outbox' : i === 3 ? 'smtp' : null,
        attempts: i,
        lastError: i === 2 ? 'SMTP 451 try later' : null,
      })),
    )
    .execute()
  await fillLaterTables(t)
  return { files }
}

// Tables added by later migrations (written without the typed schema, which may not list them).
// The round-trip test wants rows in every table: a new table needs a line here.
async function fillLaterTables(t: TestApp) {
  const tables = Object.keys(await countAll(t.db))
  if (tables.includes('web_vitals')) {
    for (const [i, name] of ['LCP', 'CLS', 'INP'].entries()) {
      await sql`insert into web_vitals (name, value, route, rating, "recordedAt")
        values (${name}, ${[1234.5, 0.1, 0.07][i]!}, ${'/members/plots/:id'}, ${'good'},
          ${new Date(Date.UTC(2024, 1, i + 1)).toISOString()})`.execute(t.db.kysely)
    }
  }
  if (tables.includes('news')) {
    const posts = [
      ['Open day – bring a friend ☀', '2024-05-04', 'Gates open at 10.\n\n"Tea" in the shed.', 1],
      ['Draft: hedge', '2024-06-01', '', 0],
    ] as const
    for (const [i, [title, date, body, published]] of posts.entries()) {
      await sql`insert into news (title, date, body, published, version, "updatedAt")
        values (${title}, ${date}, ${body}, ${published}, ${i + 1},
          ${new Date(Date.UTC(2024, 4, i + 1)).toISOString()})`.execute(t.db.kysely)
    }
  }
  if (tables.includes('jobs')) {
    // One done, one waiting far ahead: a running server's job runner must not touch either.
    const jobs = [
      ['2024-06-02T00:00:00.000Z', 1, '2024-06-02T00:00:01.000Z', 'done', null],
      ['2999-01-01T00:00:00.000Z', 3, null, null, 'SMTP 451 try later'],
    ] as const
    for (const [i, [runAt, attempts, finishedAt, outcome, lastError]] of jobs.entries()) {
      await sql`insert into jobs (kind, payload, "runAt", attempts, "maxAttempts", "finishedAt",
          outcome, "lastError", "createdAt")
        values ('deliver-enquiry', ${JSON.stringify({ enquiryId: i + 1 })}, ${runAt}, ${attempts},
          20, ${finishedAt}, ${outcome}, ${lastError}, ${'2024-06-01T00:00:00.000Z'})`.execute(
        t.db.kysely,
      )
    }
  }
  if (tables.includes('messages')) {
    await sql`insert into message_batches (subject, body, audience, "createdBy", "createdAt")
      values ('Rent – due ☀', ${'Dear {firstName},\n£45'}, 'All plot holders', 'level3',
        '2024-07-01T00:00:00.000Z')`.execute(t.db.kysely)
    await sql`insert into message_batches (subject, body, audience, "createdBy", "createdAt", key)
      values ('First rent reminders', '', 'Payers', 'system', '2024-11-14T06:00:00.000Z',
        'rent-1-first')`.execute(t.db.kysely)
    const copies = [
      ['p0-0', 'email', 'p0-0@example.org', 'sent', '2024-07-01T00:00:02.000Z', null],
      ['p1-0', 'post', 'Ann Family 1\n1 Lane\nTown "Upper"', 'letter', null, null],
      ['p2-0', 'email', 'p2-0@example.org', 'failed', null, '550 5.1.1 Recipient address rejected'],
    ] as const
    for (const [personId, channel, recipient, status, sentAt, lastError] of copies) {
      await sql`insert into messages ("batchId", "personId", channel, recipient, subject, body,
          status, attempts, "lastError", "sentAt", "createdAt")
        values (1, ${personId}, ${channel}, ${recipient}, 'Rent – due ☀', 'Dear Ann,\n£45',
          ${status}, ${status === 'letter' ? 0 : 1}, ${lastError}, ${sentAt},
          '2024-07-01T00:00:00.000Z')`.execute(t.db.kysely)
    }
    await sql`update messages set attachment = 'invoice:1' where "personId" = 'p0-0'`.execute(
      t.db.kysely,
    )
  }
  if (tables.includes('message_templates')) {
    await sql`insert into message_templates (name, subject, body, version, "updatedAt")
      values ('Rent reminder ☀', 'Rent for {plots}', ${'Dear {firstName},\n{amountDue} is due.'}, 2,
        '2024-07-02T00:00:00.000Z')`.execute(t.db.kysely)
  }
  if (tables.includes('rent_years')) {
    const db = t.db.kysely
    await sql`insert into rent_years ("startDate", "dueDate", label, "createdBy", "createdAt")
      values ('2024-10-01', '2024-10-31', '2024/25', 'level3', '2024-10-01T09:00:00.000Z')`.execute(
      db,
    )
    for (const [n, plot, payer, amount] of [
      [1, '1A', 'ann-0', 4500],
      [2, '2', 'ann-1', 2250],
    ] as const) {
      await sql`insert into invoices (number, "yearId", "plotId", "payerId", "payerName", "payerAddress",
          "issuedOn", "dueDate", amount, "createdAt")
        values (${n}, 1, ${plot}, ${payer}, ${'Ann Family ' + n}, ${'1 Lane\nTown "Upper"'}, '2024-10-01',
          '2024-10-31', ${amount}, '2024-10-01T09:00:00.000Z')`.execute(db)
      await sql`insert into invoice_lines ("invoiceId", description, amount)
        values (${n}, 'Rent', ${amount + 500}), (${n}, 'Concession: 10% off – ☀', -500)`.execute(db)
    }
    const entries = [
      [1, 'payment', 2000, 'cash', 'at the gate'],
      [1, 'refund', 500, null, 'paid twice'],
      [2, 'cancel', 2250, null, 'plot given up'],
    ] as const
    for (const [i, [invoiceId, kind, amount, method, reference]] of entries.entries()) {
      // One entry carries a bank statement line's identity, as one recorded from a statement does.
      const statementLine = kind === 'payment' ? `${'ab'.repeat(32)}:1` : null
      await sql`insert into ledger ("invoiceId", kind, amount, method, date, reference, "requestId",
          "createdBy", "createdAt", "statementLine")
        values (${invoiceId}, ${kind}, ${amount}, ${method}, '2024-10-05', ${reference},
          ${`00000000-0000-4000-8000-00000000000${i}`}, 'level3', '2024-10-05T10:00:00.000Z',
          ${statementLine})`.execute(db)
    }
    await sql`insert into rent_steps ("invoiceId", step, date, "fromDate")
      values (1, 'first', '2024-11-14', '2024-10-31')`.execute(db)
    // Invoice 1 split into instalments, and split again (decision 60).
    await sql`insert into instalment_plans ("invoiceId", version, "coveredBefore", "madeBy", "madeAt")
      values (1, 1, 2000, 'level3', '2024-10-06T10:00:00.000Z'),
        (1, 2, 1500, 'level3', '2024-10-07T10:00:00.000Z')`.execute(db)
    await sql`insert into instalments ("planId", position, "dueDate", amount)
      values (1, 1, '2024-11-01', 1250), (1, 2, '2024-12-01', 1250),
        (2, 1, '2024-11-15', 1000), (2, 2, '2024-12-15', 1000), (2, 3, '2025-01-15', 1000)`.execute(
      db,
    )
    if (tables.includes('statement_payers')) {
      // A payer's words remembered from a statement, and a line tied to a payment.
      await sql`insert into statement_payers ("payerText", "personId", "createdBy", "createdAt")
        values ('FASTER PAYMENTS RECEIPT FROM A FAMILY ☀', 'ann-0', 'level3',
          '2024-10-05T10:00:00.000Z')`.execute(db)
      await sql`insert into statement_ties ("lineId", "entryId", "createdBy", "createdAt")
        values (${`${'cd'.repeat(32)}:2`}, 1, 'level3', '2024-10-06T10:00:00.000Z')`.execute(db)
    }
  }
  if (tables.includes('applications')) {
    const db = t.db.kysely
    await sql`insert into applications (reference, nickname, "firstName", "lastName", email,
        "phoneNumber", address, note, "tokenHash", "tokenExpiresAt", "createdAt", "confirmedAt")
      values ('K7Q2M9XA', 'zoëo', 'Zoë', ${"O'Neill"}, 'zoe@example.org', '', ${'1 Lane\nRiverside'},
        'Near the gate ☀', null, null, '2024-09-01T10:00:00.000Z', '2024-09-01T10:05:00.000Z'),
        ('P3R8T2WB', 'ann9', 'Ann', 'Lee', 'ann.lee@example.org', '', '', '', ${'a'.repeat(64)},
        '2024-09-08T10:00:00.000Z', '2024-09-01T11:00:00.000Z', null)`.execute(db)
    await sql`insert into waiting_list_events ("personId", event, reason, "createdBy", "createdAt")
      values ('zoëo', 'joined', 'Applied on the website, reference K7Q2M9XA', 'public',
        '2024-09-01T10:05:00.000Z')`.execute(db)
  }
  if (tables.includes('offers')) {
    const db = t.db.kysely
    await sql`insert into offers ("plotId", "personId", channel, deadline, status, reason,
        "acceptTokenHash", "declineTokenHash", "createdBy", "createdAt", "answeredAt")
      values ('2', 'zoëo', 'email', '2024-09-15', 'open', ${'Lives next door – ☀'}, ${'b'.repeat(64)},
        ${'c'.repeat(64)}, 'level3', '2024-09-01T12:00:00.000Z', null),
        ('1A', 'ann-1', 'both', '2024-08-15', 'declined', '', null, null, 'level3',
        '2024-08-01T12:00:00.000Z', '2024-08-02T08:00:00.000Z')`.execute(db)
    await sql`insert into still_want_rounds (year, "askedOn", "closesOn", "closedAt")
      values ('2024', '2024-03-01', '2024-03-29', '2024-03-30T06:00:00.000Z')`.execute(db)
    await sql`insert into still_want_answers ("roundId", "personId", "tokenHash", "answeredAt")
      values (1, 'zoëo', null, '2024-03-02T09:00:00.000Z'), (1, 'ann-1', ${'d'.repeat(64)}, null)`.execute(
      db,
    )
  }
  if (tables.includes('import_runs')) {
    // One undone, and the last still undoable, with what it made and changed.
    const records = {
      people: [{ id: 'zoëo', version: 1 }],
      changedPeople: [],
      plots: [],
      changedPlots: [],
      tenancies: [],
    }
    await sql`insert into import_runs (kind, "fileName", "createdBy", "createdAt", counts, records,
        "undoneAt")
      values ('plots', 'Plots – 2024.xlsx', 'level4', '2024-02-01T09:00:00.000Z',
        ${JSON.stringify({ created: 0, updated: 2, unchanged: 0, skipped: 0 })}, ${JSON.stringify({ ...records, people: [] })},
        '2024-02-01T09:05:00.000Z'),
        ('people', 'members ☀.csv', 'level4', '2024-02-02T09:00:00.000Z',
        ${JSON.stringify({ created: 1, updated: 0, unchanged: 0, skipped: 0 })}, ${JSON.stringify(records)},
        null)`.execute(t.db.kysely)
  }
  if (tables.includes('password_resets')) {
    // One link in use and one replaced by it, with its token gone.
    const holder = await sql<{
      id: string
    }>`select id from "user" where username = 'holder1'`.execute(t.db.kysely)
    const userId = holder.rows[0]!.id
    await sql`insert into password_resets ("userId", "tokenHash", "createdAt", "expiresAt", "endedAt")
      values (${userId}, null, '2024-03-04T05:00:00.000Z', '2024-03-04T06:00:00.000Z',
        '2024-03-04T05:10:00.000Z'),
        (${userId}, ${'ab'.repeat(32)}, '2024-03-04T05:10:00.000Z', '2024-03-04T06:10:00.000Z',
        null)`.execute(t.db.kysely)
  }
  if (tables.includes('account_email_links')) {
    // An address asked for an account: one request cleared, and a newer one with its link sent.
    const holder = await sql<{
      id: string
    }>`select id from "user" where username = 'holder1'`.execute(t.db.kysely)
    const userId = holder.rows[0]!.id
    await sql`insert into account_email_links ("userId", email, "tokenHash", "createdAt",
        "expiresAt", "endedAt")
      values (${userId}, 'holder1.old@example.org', null, '2024-03-04T05:00:00.000Z',
        '2024-03-05T05:00:00.000Z', '2024-03-04T06:00:00.000Z'),
        (${userId}, 'holder1.new@example.org', ${'9a'.repeat(32)}, '2024-03-04T06:00:00.000Z',
        '2024-03-05T06:00:00.000Z', null)`.execute(t.db.kysely)
  }
  if (tables.includes('email_changes')) {
    // A new address asked for, its link sent and not yet followed.
    await sql`insert into email_changes ("personId", "newEmail", "requestedBy", "tokenHash",
        "createdAt", "expiresAt", "endedAt")
      values ('holder1', 'new-holder1@example.org', 'holder1', ${'ef'.repeat(32)},
        '2024-03-04T05:00:00.000Z', '2024-03-05T05:00:00.000Z', null)`.execute(t.db.kysely)
  }
  if (tables.includes('invitations')) {
    // One invitation replaced by a newer one, which is still open.
    await sql`insert into invitations ("personId", email, "invitedBy", "tokenHash", "createdAt",
        "expiresAt", "endedAt", "endedHow")
      values ('holder1', 'holder1@example.org', 'admin', null, '2024-03-04T05:00:00.000Z',
        '2024-03-18T05:00:00.000Z', '2024-03-05T05:00:00.000Z', 'replaced'),
        ('holder1', 'holder1@example.org', 'admin', ${'cd'.repeat(32)}, '2024-03-05T05:00:00.000Z',
        '2024-03-19T05:00:00.000Z', null, null)`.execute(t.db.kysely)
  }
  if (tables.includes('sign_in_failures')) {
    await sql`insert into sign_in_failures ("userName", "clientAddress", failures, "firstFailureAt")
      values ('nobody', '192.0.2.7', 2, ${'2024-03-04T05:06:07.089Z'})`.execute(t.db.kysely)
  }
  if (tables.includes('inspections')) {
    // A round, two inspectors' records of one plot (ids made on their phones), and a photo.
    await sql`insert into inspection_rounds (date, walkers, "startedBy", "startedAt")
      values ('2024-06-01', 'Pat & Sam', 'admin', '2024-06-01T08:00:00.000Z')`.execute(t.db.kysely)
    await sql`insert into inspections (id, "roundId", "plotId", grade, cultivated, notes,
        "inspectedBy", "recordedAt", "receivedAt")
      values ('6f1c2a3b-0000-4000-8000-000000000001', 1, 'P1', 'Needs work', 40,
        ${'Brambles, "old" shed\nby the gate'}, 'admin', '2024-06-01T09:00:00.000Z',
        '2024-06-01T12:00:00.000Z'),
        ('6f1c2a3b-0000-4000-8000-000000000002', 1, 'P1', 'Good', 90, '', 'admin',
        '2024-06-01T09:05:00.000Z', '2024-06-01T09:05:01.000Z')`.execute(t.db.kysely)
    await sql`insert into inspection_photos (id, "inspectionId", position, "fileId", width, height)
      values ('6f1c2a3b-0000-4000-8000-0000000000f1', '6f1c2a3b-0000-4000-8000-000000000001', 0,
        1, 1600, 1200)`.execute(t.db.kysely)
    // An improvement notice followed by a final one, paused for illness.
    await sql`insert into inspection_notices ("plotId", stage, status, "roundId", "inspectionId",
        tenants, "sentOn", deadline, "pausedOn", "pauseReason", "createdBy", "closedOn")
      values ('P1', 'improvement', 'escalated', 1, '6f1c2a3b-0000-4000-8000-000000000001',
        '["holder1"]', '2024-06-02', '2024-06-30', null, '', 'admin', '2024-07-01'),
        ('P1', 'final', 'open', 1, '6f1c2a3b-0000-4000-8000-000000000001', '["holder1"]',
        '2024-07-01', '2024-07-29', '2024-07-05', 'In hospital', 'admin', null)`.execute(
      t.db.kysely,
    )
  }
  if (tables.includes('retention_holds')) {
    // A former member held back from erasure, and a daily run that has finished.
    await sql`insert into retention_holds ("personId", reason, "heldBy", "heldAt")
      values ('holder1', 'Disputed deposit', 'admin', '2024-03-04T05:00:00.000Z')`.execute(
      t.db.kysely,
    )
    await sql`insert into retention_runs (day, erased, deleted, "finishedAt")
      values ('2024-03-04', 1, 12, '2024-03-04T06:00:03.000Z')`.execute(t.db.kysely)
    // A run cut short after an erasure, its scrub of the rest of the log still to do.
    await sql`insert into retention_scrubs (scrubs)
      values (${JSON.stringify([{ details: ['"holder9"'], marker: '"former-1"' }])})`.execute(
      t.db.kysely,
    )
  }
  if (tables.includes('backup_runs')) {
    // A night copied to the bucket and since pruned, and a night that did not leave the machine.
    await sql`insert into backup_runs (day, "startedAt", "finishedAt", folder, file, size, bucket,
        "s3Key", encrypted, error, "prunedAt")
      values ('2024-03-04', '2024-03-04T03:00:00.000Z', '2024-03-04T03:00:02.000Z',
        '/var/lib/allotment/backups', 'allotment-2024-03-04.sqlite.enc', 3000000000, 'backups',
        'riverside/allotment-2024-03-04.sqlite.enc', 1, null, '2024-03-08T03:00:02.000Z'),
        ('2024-03-05', '2024-03-05T03:00:00.000Z', '2024-03-05T03:00:09.000Z',
        '/var/lib/allotment/backups', 'allotment-2024-03-05.sqlite.enc', 12345, 'backups', null,
        1, ${'The copy to the S3 bucket backups failed: “Access Denied”'}, null)`.execute(
      t.db.kysely,
    )
  }
  if (tables.includes('bank_lines')) {
    // A line kept by a rule and one not yet categorised (no balance); a category renamed and one
    // added, retired; the rule; an opening balance overdrawn.
    await sql`insert into bank_lines ("lineId", date, amount, reference, payee, balance, seq,
        "categoryKey", "categoryBy", "keptBy", "keptAt")
      values (${'a'.repeat(64)}, '2024-10-05', -8123, ${'WESSEX WATER DD "40171234"'},
        'wessex water dd', 3000000000, 1, 'water-bill', 'rule', 'admin', '2024-10-06T09:00:00.000Z'),
        (${'b'.repeat(64)}, '2024-10-06', 2500, 'DONATION', 'donation', null, 2, null, null,
        'admin', '2024-10-06T09:00:00.000Z')`.execute(t.db.kysely)
    await sql`insert into bank_categories (key, name, kind, "retiredOn", "changedBy", "changedAt")
      values ('skip-hire', 'Skips – “big”', 'spending', null, 'admin', '2024-10-06T09:00:00.000Z'),
        ('added-1', 'Seed sales', 'income', '2024-12-01', 'admin', '2024-10-06T09:00:00.000Z')`.execute(
      t.db.kysely,
    )
    await sql`insert into bank_rules (payee, "categoryKey", "createdBy", "createdAt")
      values ('wessex water dd', 'water-bill', 'admin', '2024-10-06T09:00:00.000Z')`.execute(
      t.db.kysely,
    )
    await sql`insert into account_openings ("startsOn", balance, "enteredBy", "enteredAt")
      values ('2024-10-01', -1250, 'admin', '2024-10-06T09:00:00.000Z')`.execute(t.db.kysely)
  }
  if (tables.includes('concession_grants')) {
    // A kind by a fixed sum, and two grants of it: one with no end, one whose evidence has quotes.
    await sql`insert into concession_kinds (name, percent, "fixedPence", "appliesTo", version)
      values ('Over 65 – “senior”', null, 1500, 'rentAndExtras', 2)`.execute(t.db.kysely)
    await sql`insert into concession_grants ("personId", "kindId", evidence, "startsOn", "endsOn",
        "grantedBy", "grantedAt", version)
      values ('holder1', 1, ${'Pension letter\n"seen"'}, '2024-10-01', null, 'admin',
        '2024-09-30T10:00:00.000Z', 1),
        ('holder2', 1, '', '2024-10-01', '2025-09-30', 'admin', '2024-09-30T10:00:01.000Z', 3)`.execute(
      t.db.kysely,
    )
  }
  if (tables.includes('rate_notices')) {
    // A raise of the organisation's rates (siteId null) with its rates as JSON, one replaced, and a
    // notice to a tenant of plot 1 (decision 62).
    const rates = JSON.stringify({
      chargeBasis: 'fee',
      areaRate: 0,
      bandFees: { full: 0, half: 0, quarter: 0 },
      concessionPercent: 0,
      extras: [{ name: 'Water – “mains”', amount: 500 }],
    })
    await sql`insert into rate_raises ("siteId", "ratesBefore", "ratesAfter", "takesEffect",
        "noticeMonths", "madeBy", "madeAt", "replacedAt")
      values (null, ${rates}, 'null', '2025-10-01', 12, 'admin', '2024-09-30T10:00:00.000Z',
          '2024-10-02T10:00:00.000Z'),
        (1, ${rates}, ${rates}, '2025-10-01', 0, 'admin', '2024-10-02T10:00:00.000Z', null)`.execute(
      t.db.kysely,
    )
    await sql`insert into rate_notices ("raiseId", "personId", "plotId", "oldAmount", "newAmount")
      values (2, 'holder1', '1', 4500, 4800)`.execute(t.db.kysely)
  }
  if (tables.includes('deposit_entries')) {
    // A key deposit taken, part returned with a reason that has quotes, the rest kept.
    await sql`insert into deposit_kinds (name, amount, version) values ('Key', 5500, 2)`.execute(
      t.db.kysely,
    )
    await sql`insert into deposits ("personId", "kindId", "kindName", "plotId", "siteId", version)
      values ('holder1', 1, 'Key', '1', 1, 3)`.execute(t.db.kysely)
    await sql`insert into deposit_entries ("depositId", kind, date, amount, method, reason,
        "createdBy", "createdAt")
      values (1, 'taken', '2024-10-01', 5500, 'cash', '', 'admin', '2024-10-01T10:00:00.000Z'),
        (1, 'returned', '2025-09-30', 4000, 'cheque', ${'Key "bent"\nreturned'}, 'admin',
          '2025-09-30T10:00:00.000Z'),
        (1, 'kept', '2025-09-30', 1500, null, 'New lock', 'admin', '2025-09-30T10:00:01.000Z')`.execute(
      t.db.kysely,
    )
  }
  if (tables.includes('calendar_feeds')) {
    // A work party for every site across the end of summer time, a site's open day, and an
    // account's calendar address (its hash only).
    await sql`insert into calendar_events (title, "siteId", place, "startsAt", "endsAt",
        description, visibility, "helpersWanted", "createdBy", "updatedAt", version)
      values ('Work party', null, 'The gate', '2025-10-26T00:30:00.000Z', '2025-10-26T02:30:00.000Z',
          ${'Bring "gloves"\nand a flask'}, 'members', 12, 'admin', '2025-10-01T10:00:00.000Z', 2),
        ('Open day', 1, '', '2025-06-07T09:00:00.000Z', '2025-06-07T15:00:00.000Z', '', 'public',
          null, 'admin', '2025-05-01T10:00:00.000Z', 1)`.execute(t.db.kysely)
    await sql`insert into calendar_feeds ("userId", "tokenHash", "createdAt")
      values ('fixture-user', ${'a'.repeat(64)}, '2025-10-01T10:00:00.000Z')`.execute(t.db.kysely)
  }
  if (tables.includes('calendar_coming')) {
    // The open day shows who is coming; two people said they would come to the work party.
    await sql`update calendar_events set "showComing" = 1 where title = 'Open day'`.execute(
      t.db.kysely,
    )
    await sql`insert into calendar_coming ("eventId", "personId", "saidAt")
      values (1, 'holder1', '2025-10-02T09:00:00.000Z'),
        (1, 'holder2', '2025-10-03T18:30:00.000Z')`.execute(t.db.kysely)
  }
  if (tables.includes('key_holdings')) {
    // A gate key handed over with the deposit above and lost, with a charge and a note that has
    // quotes; a shed key handed over and still held.
    await sql`insert into keys ("siteId", number, kind, note, version)
      values (1, 'G12', 'gate', ${'Main "north" gate'}, 3), (1, 'S1', 'shed', '', 2)`.execute(
      t.db.kysely,
    )
    await sql`insert into key_holdings ("keyId", "personId", "depositId", "handedOn", "endedOn",
        outcome, charge, note, "createdBy", "createdAt")
      values (1, 'holder1', 1, '2024-10-01', '2025-09-30', 'lost', 2500, ${'Lost "somewhere"\nnear the shed'},
          'admin', '2024-10-01T10:00:00.000Z'),
        (2, 'holder2', null, '2024-10-01', null, null, null, '', 'admin',
          '2024-10-01T10:00:01.000Z')`.execute(t.db.kysely)
  }
  if (tables.includes('work_attendance')) {
    // Two people's hours at the work party above, one in quarter hours, under the phones' ids.
    await sql`insert into work_attendance (id, "eventId", "personId", quarters, "recordedAt",
        "recordedBy", "receivedAt")
      values ('0b9c4c52-5f7e-4a4e-9a53-1f7c1d3e2a10', 1, 'holder1', 10, '2025-10-26T03:00:00.000Z',
          'admin', '2025-10-26T09:00:00.000Z'),
        ('7d1f7a2e-3b4c-4d5e-8f90-a1b2c3d4e5f6', 1, 'holder2', 12, '2025-10-26T03:01:00.000Z',
          'admin', '2025-10-26T09:00:00.000Z')`.execute(t.db.kysely)
  }
}
