import { randomUUID } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultMerge } from '#shared/domain/people-merge'
import { commonMessages } from '#shared/messages/common'
import { mergeMessages } from '#shared/messages/merge'
import { peopleMessages } from '#shared/messages/people'
import type { DuplicateGroupAnswer, MergePreview } from '#shared/schemas/people-merge'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { InvoiceStatement } from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  expectRefused,
  lastLogId,
  linkAccount,
  logsAfter,
  send,
  sendMessage,
  snapshot,
} from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 3: councils' applicants sit on several lists and get recorded twice. The
// committee's report finds records likely to be one person (an e-mail address, or a name and a
// postcode) and merges two into one without losing either's history: plots, place on the list,
// offers, invoices and payments, letters, the account, the log.

describe.each(engines)('possible duplicates and merging on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let land = ''

  const get = <T>(url: string) =>
    send(t, committee, 'GET', url).then((response) => {
      expect(response.statusCode, `${url} ${response.body}`).toBe(200)
      return response.json<T>()
    })
  const person = (id: string) => get<Person>(`/api/people/${id}`)
  const plot = (id: string) => get<Plot>(`/api/plots/${id}`)
  const duplicates = () => get<DuplicateGroupAnswer[]>('/api/people-duplicates')
  const preview = (kept: string, merged: string) =>
    get<MergePreview>(`/api/people-merge?kept=${kept}&merged=${merged}`)
  /** The merge as the screen sends it: the records at the versions shown, the choices made. */
  const mergeBody = async (kept: string, merged: string, choices: object = {}) => {
    const shown = await preview(kept, merged)
    return {
      keptId: kept,
      mergedId: merged,
      keptVersion: shown.kept.version,
      mergedVersion: shown.merged.version,
      fields: { ...defaultMerge(shown.kept, shown.merged), ...choices },
    }
  }
  const merge = async (kept: string, merged: string, choices: object = {}) => {
    const response = await send(
      t,
      committee,
      'POST',
      '/api/people-merge',
      await mergeBody(kept, merged, choices),
    )
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ person: Person; mergedId: string }>().person
  }
  const groupOf = (groups: DuplicateGroupAnswer[], id: string) =>
    groups.find((group) => group.people.some((member) => member.id === id))

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3)
    land = await t.signInAs(2, 'land-merge')
  })
  afterAll(() => t.close())

  describe('the report', () => {
    beforeAll(async () => {
      // The same e-mail address written differently, and the same name at one postcode written
      // two ways: one group, for both reasons.
      await createPerson(t, committee, 'abaker', {
        firstName: 'Ann',
        lastName: 'Baker',
        email: 'ann.baker@example.org',
        address: '3 Elm Row\nMarlbury MB3 5QT',
      })
      await createPerson(t, committee, 'abaker2', {
        firstName: 'ann',
        lastName: ' Baker ',
        email: 'Ann.Baker@Example.org',
        address: '3 Elm Row, Marlbury, mb35qt',
        onWaitingList: true,
      })
      // Only the name and postcode.
      await createPerson(t, committee, 'cdee', {
        firstName: 'Cara',
        lastName: 'Dee',
        email: 'cara@example.org',
        address: '10 Long Lane, Oldtown ZZ9 9ZZ',
      })
      await createPerson(t, committee, 'cdee2', {
        firstName: 'CARA',
        lastName: 'dee',
        email: 'cara.dee@mail.example.net',
        address: 'Flat 2, 10 Long Lane\nOldtown\nZZ99ZZ',
        onWaitingList: true,
      })
      // Only the e-mail address, one record's alternative address the other's own.
      await createPerson(t, committee, 'fayh', {
        firstName: 'Fay',
        lastName: 'Hart',
        email: 'fay@example.org',
        altEmail: 'hart.family@example.org',
        address: '1 Mill Road',
      })
      await createPerson(t, committee, 'gush', {
        firstName: 'Gus',
        lastName: 'Hart',
        email: 'hart.family@example.org',
        address: '2 Mill Road',
      })
      // Not duplicates: one address, two first names; an address standing for none; one postcode
      // and no name in common.
      await createPerson(t, committee, 'bcole', {
        firstName: 'Bob',
        lastName: 'Cole',
        email: 'bob@example.org',
        address: '1 High Street, Oldtown OT1 1AA',
      })
      await createPerson(t, committee, 'rcole', {
        firstName: 'Robert',
        lastName: 'Cole',
        email: 'robert@example.org',
        address: '1 High Street, Oldtown OT1 1AA',
      })
      for (const [id, first] of [
        ['deve', 'Dan'],
        ['efox', 'Eve'],
      ] as const)
        await createPerson(t, committee, id, {
          firstName: first,
          lastName: 'Nobody',
          email: 'none@none.com',
          address: `${id} Road`,
        })
      await createPerson(t, committee, 'ufaint', {
        firstName: 'Una',
        lastName: 'Faint',
        email: '',
        address: 'Somewhere without a postcode',
      })
      await createPerson(t, committee, 'ufaint2', {
        firstName: 'Una',
        lastName: 'Faint',
        email: '',
        address: 'Somewhere else without one',
      })
    })

    it('finds the same e-mail address, and the same name and postcode, and nothing else', async () => {
      const groups = await duplicates()
      const summary = groups.map((group) => ({
        reasons: group.reasons,
        people: group.people.map((member) => member.id),
      }))
      expect(summary).toEqual([
        { reasons: ['email', 'namePostcode'], people: ['abaker', 'abaker2'] },
        { reasons: ['namePostcode'], people: ['cdee', 'cdee2'] },
        { reasons: ['email'], people: ['fayh', 'gush'] },
      ])
      expect(groupOf(groups, 'cdee2')!.people.map((member) => member.postcode)).toEqual([
        'ZZ9 9ZZ',
        'ZZ9 9ZZ',
      ])
      expect(groupOf(groups, 'abaker2')!.people[1]).toMatchObject({
        firstName: 'ann',
        onWaitingList: true,
        isPlotHolder: false,
        plots: [],
      })
    })

    it('leaves out a record whose details were erased', async () => {
      await createPerson(t, committee, 'ierased', {
        firstName: 'Ivy',
        lastName: 'Gone',
        email: 'ivy@example.org',
      })
      await createPerson(t, committee, 'ierased2', {
        firstName: 'Ivy',
        lastName: 'Gone',
        email: 'ivy@example.org',
      })
      expect(groupOf(await duplicates(), 'ierased')).toBeDefined()
      const erased = await send(t, committee, 'POST', '/api/people/ierased2/erasure')
      expect(erased.statusCode, erased.body).toBe(200)
      const groups = await duplicates()
      expect(groupOf(groups, 'ierased')).toBeUndefined()
      expect(groups.flatMap((group) => group.people).some((m) => m.id.startsWith('former-'))).toBe(
        false,
      )
    })

    it('is the committee’s: land access is refused', async () => {
      for (const [method, url] of [
        ['GET', '/api/people-duplicates'],
        ['GET', '/api/people-merge?kept=abaker&merged=abaker2'],
        ['POST', '/api/people-merge'],
      ] as const) {
        const before = await snapshot(t)
        const body = method === 'POST' ? await mergeBody('abaker', 'abaker2') : undefined
        const response = await send(t, land, method, url, body)
        expect(response.statusCode, `${method} ${url}`).toBe(403)
        expect(await snapshot(t)).toEqual(before)
      }
    })

    it('is for the committee of every site: a site representative is refused', async () => {
      const rep = await t.signInAs(3, 'site-rep')
      await t.db.kysely
        .updateTable('user')
        .set({ sites: '1' })
        .where('username', '=', 'site-rep')
        .execute()
      for (const [method, url] of [
        ['GET', '/api/people-duplicates'],
        ['GET', '/api/people-merge?kept=abaker&merged=abaker2'],
        ['POST', '/api/people-merge'],
      ] as const) {
        const before = await snapshot(t)
        const body = method === 'POST' ? await mergeBody('abaker', 'abaker2') : undefined
        const response = await send(t, rep, method, url, body)
        expect(response.statusCode, `${method} ${url}`).toBe(403)
        expect(response.json().detail).toBe(mergeMessages.everySiteOnly)
        expect(await snapshot(t)).toEqual(before)
      }
    })
  })

  describe('a merge', () => {
    let invoiceOfM2 = 0
    beforeAll(async () => {
      for (const id of ['M1', 'M2', 'M3', 'M4']) await createPlot(t, committee, id)
      // Harriet, recorded twice: as a plot holder of M1 and M3, and again (with her own e-mail
      // address and phone) as a tenant of M2 and M3, who pays for M3, on the waiting list for a
      // larger plot since 2019.
      await createPerson(t, committee, 'hbrown', {
        firstName: 'Harriet',
        lastName: 'Brown',
        email: 'h.brown@example.org',
        phoneNumber: '01234 111111',
        address: '4 Mill Lane\nMarlbury MB3 4ML',
        dateJoined: '2021-04-01',
        notes: 'Keeps bees.',
      })
      await createPerson(t, committee, 'hbrown2', {
        title: 'Mrs',
        firstName: 'Harriet',
        lastName: 'Brown',
        email: 'harriet@mail.example.net',
        phoneNumber: '07700 900123',
        address: '4 Mill Lane, Marlbury MB3 4ML',
        joinedWaitingList: '2019-05-01',
        onWaitingList: true,
        notes: 'Prefers letters.',
      })
      for (const [plotId, id] of [
        ['M1', 'hbrown'],
        ['M3', 'hbrown'],
        ['M2', 'hbrown2'],
        ['M3', 'hbrown2'],
      ]) {
        const added = await send(t, committee, 'PUT', `/api/plots/${plotId}/tenants/${id}`)
        expect(added.statusCode, added.body).toBe(200)
      }
      const payer = await send(t, committee, 'PUT', '/api/plots/M3/payer', { personId: 'hbrown2' })
      expect(payer.statusCode, payer.body).toBe(200)
      // The rent year: an invoice for each plot, to its payer; M2's paid in part.
      const today = t.app.clock.today()
      const started = await startRentYear(t, committee, today)
      expect(started.statusCode, started.body).toBe(201)
      const theirs = await get<InvoiceStatement>('/api/people/hbrown2/invoices')
      expect(theirs.invoices.map((invoice) => invoice.plotId).sort()).toEqual(['M2', 'M3'])
      invoiceOfM2 = theirs.invoices.find((invoice) => invoice.plotId === 'M2')!.id
      const paid = await send(t, committee, 'POST', `/api/rent/invoices/${invoiceOfM2}/payments`, {
        amount: 1500,
        method: 'cash',
        date: today,
        reference: 'at the gate',
        requestId: randomUUID(),
      })
      expect(paid.statusCode, paid.body).toBe(201)
      // A letter to the second record, and its account.
      const sent = await sendMessage(t, committee, {
        audience: { kind: 'people', ids: ['hbrown2'] },
        subject: 'Bees on M3',
        body: 'Dear {dearName}',
      })
      expect(sent.statusCode, sent.body).toBe(201)
      await t.signInAs(1, 'harriet-account')
      await linkAccount(t, committee, 'harriet-account', 'hbrown2')
    })

    it('shows both records and nothing in the way', async () => {
      const shown = await preview('hbrown', 'hbrown2')
      expect(shown.kept.id).toBe('hbrown')
      expect(shown.merged.plots).toEqual(['M2', 'M3'])
      expect(shown.blockers).toEqual([])
    })

    it('moves plots, waiting place, invoices and payments, letters, the account and the log onto the record that stays', async () => {
      const mark = await lastLogId(t)
      const plotVersions = {
        M2: (await plot('M2')).version,
        M3: (await plot('M3')).version,
      }
      const saved = await merge('hbrown', 'hbrown2', { phoneNumber: '07700 900123' })

      // The details chosen: her phone from the second record, the title it had, both notes, and
      // its e-mail address kept as her alternative one.
      expect(saved).toMatchObject({
        id: 'hbrown',
        title: 'Mrs',
        email: 'h.brown@example.org',
        altEmail: 'harriet@mail.example.net',
        phoneNumber: '07700 900123',
        address: '4 Mill Lane\nMarlbury MB3 4ML',
        notes: 'Keeps bees.\n\nPrefers letters.',
        plots: ['M1', 'M2', 'M3'],
        isPlotHolder: true,
        onWaitingList: true,
        joinedWaitingList: '2019-05-01',
      })
      expect(await person('hbrown')).toEqual(saved)

      // M3 keeps one tenancy, hers, paying as the second record did; each plot changed is at its
      // next version.
      const m3 = await plot('M3')
      expect(m3).toMatchObject({ tenants: ['hbrown'], payer: 'hbrown' })
      expect(m3.version).toBe(plotVersions.M3 + 1)
      expect(await plot('M2')).toMatchObject({ tenants: ['hbrown'], version: plotVersions.M2 + 1 })

      // Every invoice is hers to pay, made out as it was written, the payment still on M2's.
      const statement = await get<InvoiceStatement>('/api/people/hbrown/invoices')
      expect(statement.invoices.map((invoice) => invoice.plotId).sort()).toEqual(['M1', 'M2', 'M3'])
      const m2 = statement.invoices.find((invoice) => invoice.id === invoiceOfM2)!
      expect(m2).toMatchObject({ payerId: 'hbrown', paid: 1500, payerName: 'Harriet Brown' })
      expect(statement.entries.some((entry) => entry.invoiceId === invoiceOfM2)).toBe(true)
      expect(await get<InvoiceStatement>('/api/people/hbrown2/invoices')).toMatchObject({
        invoices: [],
      })

      // The letter sent to the second record, and its account, are hers.
      const letters = await get<Array<{ subject: string }>>('/api/people/hbrown/messages')
      expect(letters.map((letter) => letter.subject)).toContain('Bees on M3')
      expect(await get('/api/people/hbrown/sign-in')).toMatchObject({
        account: { userName: 'harriet-account' },
      })

      // One entry, against the record that stays, naming both; the second record's entries are
      // about hers now.
      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({
        methodName: 'mergePeople',
        eventCollection: 'people',
        docId: 'hbrown',
        error: 'null',
      })
      expect(JSON.parse(logs[0]!.value)).toMatchObject({ keptId: 'hbrown', mergedId: 'hbrown2' })
      const about = await t.db.kysely
        .selectFrom('logs')
        .select(['methodName', 'docId'])
        .where('eventCollection', '=', 'people')
        .where('docId', 'in', ['hbrown', 'hbrown2'])
        .execute()
      expect(about.filter((entry) => entry.docId === 'hbrown2')).toEqual([])
      expect(about.filter((entry) => entry.methodName === 'createPerson')).toHaveLength(2)
    })

    it('says, for the record merged away, which record it became', async () => {
      const response = await send(t, committee, 'GET', '/api/people/hbrown2')
      expect(response.statusCode).toBe(404)
      expect(response.json().detail).toBe(
        mergeMessages.mergedInto('hbrown2', 'hbrown', t.app.clock.today()),
      )
      const never = await send(t, committee, 'GET', '/api/people/hbrown9')
      expect(never.json().detail).toBe(peopleMessages.personMissing('hbrown9'))
    })

    it('gives, in the kept record’s data, what both records held', async () => {
      const response = await send(t, committee, 'GET', '/api/people/hbrown/personal-data')
      expect(response.statusCode, response.body).toBe(200)
      const files = unzipSync(new Uint8Array(response.rawPayload))
      const data = JSON.parse(strFromU8(files['data.json']!))
      expect(data.invoices.map((invoice: { plotId: string }) => invoice.plotId).sort()).toEqual([
        'M1',
        'M2',
        'M3',
      ])
      expect(data.messages.map((copy: { subject: string }) => copy.subject)).toContain('Bees on M3')
      expect(data.account).toMatchObject({ username: 'harriet-account' })
      const created = data.log.filter((entry: { methodName: string }) =>
        ['createPerson', 'mergePeople'].includes(entry.methodName),
      )
      expect(created).toHaveLength(3)
      expect(JSON.stringify(created)).toContain('harriet@mail.example.net')
      // Her history on the list began with the second record's joining.
      expect(data.waitingListHistory.map((event: { event: string }) => event.event)).toEqual([
        'joined',
      ])
    })

    it('puts the one who applied first at the earlier place on the waiting list', async () => {
      await createPerson(t, committee, 'jgreen', {
        firstName: 'Jo',
        lastName: 'Green',
        email: 'jo@example.org',
        joinedWaitingList: '2023-06-01',
        onWaitingList: true,
      })
      await createPerson(t, committee, 'between', {
        firstName: 'Bea',
        lastName: 'Tween',
        email: 'bea@example.org',
        joinedWaitingList: '2021-01-01',
        onWaitingList: true,
      })
      await createPerson(t, committee, 'jgreen2', {
        firstName: 'Jo',
        lastName: 'Green',
        email: 'jo.green@mail.example.net',
        joinedWaitingList: '2020-02-02',
        onWaitingList: true,
      })
      // The second record is offered a plot meanwhile; the offer stays open, now to her.
      const offered = await send(t, committee, 'POST', '/api/offers', {
        plotId: 'M4',
        personId: 'jgreen2',
        reason: 'Asked for a small plot',
      })
      expect(offered.statusCode, offered.body).toBe(201)
      const place = (id: string) =>
        get<{ position: number } | null>(`/api/people/${id}/waiting-list-place`)
      expect((await place('jgreen'))!.position).toBeGreaterThan((await place('between'))!.position)
      // She knows the second record's reference, from her application: the record keeps it.
      const reference = (await person('jgreen2')).reference
      const saved = await merge('jgreen', 'jgreen2', { reference })
      expect(saved).toMatchObject({
        joinedWaitingList: '2020-02-02',
        onWaitingList: true,
        reference,
      })
      expect((await person('jgreen')).reference).toBe(reference)
      expect((await place('jgreen'))!.position).toBeLessThan((await place('between'))!.position)
      const history = await get<Array<{ event: string }>>('/api/people/jgreen/waiting-list-history')
      expect(history.filter((event) => event.event === 'joined')).toHaveLength(2)
      const offers = await get<{ open: Array<{ personId: string; plotId: string }> }>('/api/offers')
      expect(offers.open).toEqual([expect.objectContaining({ personId: 'jgreen', plotId: 'M4' })])
      // The list has one Jo Green now.
      const list = await get<Person[]>('/api/people?status=waitinglist')
      expect(list.filter((entry) => entry.lastName === 'Green').map((entry) => entry.id)).toEqual([
        'jgreen',
      ])
    })

    it('leaves nothing of either record once the one that stays is erased', async () => {
      await createPerson(t, committee, 'pwren', {
        firstName: 'Pip',
        lastName: 'Wren',
        email: 'pip.wren@example.org',
        address: '9 Wren Close, Marlbury MB3 9WC',
        onWaitingList: true,
      })
      await createPerson(t, committee, 'pipw', {
        firstName: 'Philippa',
        lastName: 'Wren',
        email: 'philippa.w@mail.example.net',
        phoneNumber: '07700 900999',
        address: '12 Other Street, Farley FA1 2OS',
        onWaitingList: true,
      })
      await merge('pwren', 'pipw')
      const erased = await send(t, committee, 'POST', '/api/people/pwren/erasure')
      expect(erased.statusCode, erased.body).toBe(200)
      const logs = await t.db.kysely.selectFrom('logs').select(['docId', 'value']).execute()
      const text = JSON.stringify(logs)
      for (const secret of [
        'pip.wren@example.org',
        'philippa.w@mail.example.net',
        '07700 900999',
        '12 Other Street',
        '"pipw"',
      ])
        expect(text, secret).not.toContain(secret)
      // The merged record's address is no longer a sign of where it went.
      const gone = await send(t, committee, 'GET', '/api/people/pipw')
      expect(gone.json().detail).toBe(peopleMessages.personMissing('pipw'))
    })

    it('refuses what cannot be merged, and changes nothing', async () => {
      const log = { userName: 'level3', eventCollection: 'people' }
      const refuse = async (
        body: object,
        status: number,
        detail: string,
        methodName: string | undefined = 'mergePeople',
      ) =>
        expectRefused(
          t,
          committee,
          log,
          'POST',
          '/api/people-merge',
          body,
          status,
          detail,
          methodName,
        )

      await createPerson(t, committee, 'kmoss', { firstName: 'Kit', lastName: 'Moss' })
      await createPerson(t, committee, 'kmoss2', { firstName: 'Kit', lastName: 'Moss' })
      const body = await mergeBody('kmoss', 'kmoss2')

      // A record with itself.
      await refuse({ ...body, mergedId: 'kmoss' }, 422, mergeMessages.sameRecord)
      // Someone changed either record since the screen showed it.
      await refuse(
        { ...body, mergedVersion: body.mergedVersion + 1 },
        409,
        commonMessages.staleVersion,
      )
      await refuse({ ...body, keptVersion: body.keptVersion + 1 }, 409, commonMessages.staleVersion)
      // A value neither record holds.
      await refuse(
        { ...body, fields: { ...body.fields, firstName: 'Kitty' } },
        422,
        mergeMessages.notAnOption(mergeMessages.fieldLabels.firstName),
      )
      // No such record.
      await refuse({ ...body, mergedId: 'nobody' }, 404, peopleMessages.personMissing('nobody'))

      // Both considering a plot.
      await createPlot(t, committee, 'K1')
      await createPlot(t, committee, 'K2')
      await send(t, committee, 'POST', '/api/people/kmoss/move-to-waiting-list')
      await send(t, committee, 'POST', '/api/people/kmoss2/move-to-waiting-list')
      for (const [plotId, personId] of [
        ['K1', 'kmoss'],
        ['K2', 'kmoss2'],
      ]) {
        const offered = await send(t, committee, 'POST', '/api/offers', {
          plotId,
          personId,
          reason: 'Both of them, to test',
        })
        expect(offered.statusCode, offered.body).toBe(201)
      }
      const offers = await mergeBody('kmoss', 'kmoss2')
      expect((await preview('kmoss', 'kmoss2')).blockers).toEqual([
        mergeMessages.bothOffered('K1', 'K2'),
      ])
      await refuse(offers, 422, mergeMessages.cannotMerge([mergeMessages.bothOffered('K1', 'K2')]))

      // Both signing in to the website.
      await createPerson(t, committee, 'lmoor', { firstName: 'Lee', lastName: 'Moor' })
      await createPerson(t, committee, 'lmoor2', { firstName: 'Lee', lastName: 'Moor' })
      await t.signInAs(1, 'lee-one')
      await t.signInAs(1, 'lee-two')
      await linkAccount(t, committee, 'lee-one', 'lmoor')
      await linkAccount(t, committee, 'lee-two', 'lmoor2')
      const accounts = mergeMessages.bothSignIn('lmoor as lee-one', 'lmoor2 as lee-two')
      await refuse(await mergeBody('lmoor', 'lmoor2'), 422, mergeMessages.cannotMerge([accounts]))

      // An erased record.
      await createPerson(t, committee, 'nerased', { firstName: 'Nell', lastName: 'Erased' })
      const erased = await send(t, committee, 'POST', '/api/people/nerased/erasure')
      expect(erased.statusCode, erased.body).toBe(200)
      const former = erased.json<{ id: string }>().id
      await refuse(
        await mergeBody('kmoss', former),
        422,
        mergeMessages.cannotMerge([mergeMessages.erasedRecord(former)]),
      )
    })
  })
})
