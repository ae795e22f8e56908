import { z } from 'zod'
import fc from 'fast-check'
import {
  accountDisabledSchema,
  accountSitesSchema,
  accountLevelSchema,
  accountPersonSchema,
  invitationGroupSchema,
  changeEmailSchema,
  changePasswordSchema,
  forgottenPasswordSchema,
  resetPasswordSchema,
} from '#shared/schemas/account'
import {
  concessionEndSchema,
  concessionGrantInputSchema,
  concessionKindInputSchema,
  concessionKindUpdateSchema,
} from '#shared/schemas/concessions'
import { contactSchema } from '#shared/schemas/contact'
import {
  depositEntryInputSchema,
  depositInputSchema,
  depositKindInputSchema,
  depositKindUpdateSchema,
} from '#shared/schemas/deposits'
import {
  handOverSchema,
  keyInputSchema,
  keyLostSchema,
  keyReturnSchema,
} from '#shared/schemas/keys'
import {
  categoryChangeSchema,
  lineCategorySchema,
  newCategorySchema,
  openingSchema,
} from '#shared/schemas/year-accounts'
import {
  inspectionSettingsSchema,
  newRoundSchema,
  siteInspectionSettingsSchema,
  pauseNoticeSchema,
  sendNoticesSchema,
} from '#shared/schemas/inspections'
import { DEFAULT_INSPECTION_SETTINGS } from '#shared/domain/inspections'
import { landDocumentChangeSchema } from '#shared/schemas/land-documents'
import { sendRentNoticeSchema } from '#shared/schemas/rent-notices'
import { newNewsPostSchema, updateNewsPostSchema } from '#shared/schemas/news'
import { eventInputSchema, eventUpdateSchema } from '#shared/schemas/calendar'
import {
  attendanceInputSchema,
  siteWorkHoursSchema,
  workHoursUpdateSchema,
} from '#shared/schemas/work-hours'
import { siteFieldsSchema, siteVersionSchema, updateSiteSchema } from '#shared/schemas/site'
import {
  messageDraftSchema,
  messageSendSchema,
  messageTemplateInputSchema,
  updateMessageTemplateSchema,
} from '#shared/schemas/messages'
import {
  emailChangeTokenSchema,
  joinSiteListSchema,
  myDetailsSchema,
  myEmailSchema,
  newPersonSchema,
  updatePersonSchema,
} from '#shared/schemas/person'
import { choosePayerSchema, newPlotSchema, updatePlotSchema } from '#shared/schemas/plot'
import { mergeInputSchema } from '#shared/schemas/people-merge'
import { tenancyEndSchema } from '#shared/schemas/leaving'
import { holdInputSchema, privacySettingsSchema } from '#shared/schemas/privacy'
import { DEFAULT_PRIVACY_SETTINGS } from '#shared/domain/privacy'
import { joinSchema, registerSchema } from '#shared/schemas/register'
import { updateSettingsSchema } from '#shared/schemas/settings'
import { setupStepIdSchema, skipStepSchema } from '#shared/schemas/setup'
import { saveSiteLayoutSchema } from '#shared/schemas/site-map'
import { undoImportSchema } from '#shared/schemas/spreadsheet-import'
import {
  confirmMatchesSchema,
  correctionInputSchema,
  creditRefundSchema,
  creditUseSchema,
  instalmentSplitSchema,
  paymentInputSchema,
  previewYearSchema,
  rentSettingsSchema,
  siteRentSettingsInputSchema,
  startYearSchema,
  statementLayoutSchema,
  statementTieSchema,
} from '#shared/schemas/rent'
import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import {
  applicationSchema,
  lettingSettingsSchema,
  siteLettingSettingsSchema,
  newOfferSchema,
  offerAnswerSchema,
  withdrawOfferSchema,
  positionQuerySchema,
  applyTokenSchema,
} from '#shared/schemas/letting'
import { DEFAULT_LETTING_SETTINGS } from '#shared/domain/letting'
import { linkTokenSchema } from '#server/features/letting/routes'
import { signInBody } from '#server/features/sign-in/routes'
import { samplePng } from '#tests/helpers/sample-image'
import { sampleDrawing } from '#tests/helpers/sample-drawing'
import { csvBytes } from '#tests/helpers/spreadsheets'
import {
  bodyOf,
  type Breaker,
  type Case,
  hugeString,
  junkKey,
  notAnObject,
  over,
  rawJunk,
  unicodeJunk,
  withNul,
} from './generators.ts'
import type { Family, Suite } from './suite.ts'

// The requests generated for each write route, by feature; each feature's test file runs its own
// group, and coverage.test.ts checks that together they cover every write route the server has.
// A family is made when its test runs, after the suite's records exist.

type Families = (s: Suite) => Record<string, Family>

/**
 * An administrator's settings record, saved against its version: its defaults as the base, and
 * among the breakers a stale version and the record's own wrong values.
 */
const settingsPut = (
  s: Suite,
  url: string,
  defaults: object,
  schema: z.ZodObject,
  breakers: fc.Arbitrary<Breaker>[] = [],
) =>
  s.bodyOnly(
    'PUT',
    url,
    bodyOf(() => ({ ...defaults, version: 0 }), schema.safeExtend({ version: z.int().min(0) }), [
      s.stale,
      ...breakers,
    ]),
  )

// People: the records, and moves between the lists.
export const peopleFamilies: Families = (s) => ({
  'POST /api/people': () =>
    s.bodyOnly(
      'POST',
      '/api/people',
      bodyOf(() => s.person('new-person'), newPersonSchema, [s.duplicate(['keeper', 'waiter'])]),
    ),
  // Junk ids only: a real person's erasure would really erase them.
  'POST /api/people/{id}/erasure': () =>
    s.idsAndBody('POST', '/api/people/{id}/erasure', { id: { names: s.anyPerson } }),
  'PUT /api/people/{id}': () =>
    s.idsAndBody(
      'PUT',
      '/api/people/{id}',
      { id: { names: s.anyPerson, real: ['keeper', 'waiter'] } },
      bodyOf(() => ({ ...s.personUpdate, version: 1 }), updatePersonSchema, [s.stale]),
    ),
  // A member's own details: the suite's caller is linked to no one, so even a well-formed change
  // is refused (404) after the body's checks; my-allotment.test.ts saves real ones.
  'PUT /api/me/details': () => {
    const { firstName, lastName, address, phoneNumber, altEmail } = s.personUpdate
    const details = { firstName, lastName, address, phoneNumber, altEmail, contactBy: 'email' }
    return s.bodyOnly(
      'PUT',
      '/api/me/details',
      bodyOf(() => ({ ...details, version: 1 }), myDetailsSchema, [s.stale]),
    )
  },
  'PUT /api/me/email': () =>
    s.bodyOnly(
      'PUT',
      '/api/me/email',
      bodyOf(() => ({ email: 'fuzz-new@example.org' }), myEmailSchema),
    ),
  // A token no link was given: every request is refused, and nothing changes.
  'POST /api/email-change/confirm': () =>
    s.bodyOnly(
      'POST',
      '/api/email-change/confirm',
      bodyOf(() => ({ token: 'never-sent' }), emailChangeTokenSchema),
    ),
  'DELETE /api/people/{id}': () =>
    s.idsAndBody('DELETE', '/api/people/{id}', { id: { names: s.anyPerson } }),
  // The suite's people hold a plot or are on the list: none may be held back (409), and a person
  // who is not there is not found.
  'POST /api/privacy/holds': () =>
    s.bodyOnly(
      'POST',
      '/api/privacy/holds',
      bodyOf(() => ({ personId: 'keeper', reason: 'Fuzz' }), holdInputSchema, [
        fc.constantFrom('', '   ').map((reason): Breaker => (body) => ({ ...body, reason })),
        fc
          .string({ minLength: 1, maxLength: 40 })
          .filter((id) => !s.anyPerson(id.trim()))
          .map((personId): Breaker => (body) => ({ ...body, personId })),
      ]),
    ),
  'DELETE /api/privacy/holds/{personId}': () =>
    s.idsAndBody('DELETE', '/api/privacy/holds/{personId}', { personId: { names: s.anyPerson } }),
  'PUT /api/privacy/settings': () =>
    settingsPut(s, '/api/privacy/settings', DEFAULT_PRIVACY_SETTINGS, privacySettingsSchema, [
      fc
        .constantFrom(0, -2, 1.5, 11)
        .map((leaverYears): Breaker => (body) => ({ ...body, leaverYears })),
      fc
        .constantFrom(0, 3651, '90')
        .map((signInFailureDays): Breaker => (body) => ({ ...body, signInFailureDays })),
    ]),
  'POST /api/people/{id}/move-to-waiting-list': () =>
    // keeper holds a plot: moving them to the waiting list is refused (422).
    fc.oneof(
      s.idsAndBody('POST', '/api/people/{id}/move-to-waiting-list', {
        id: { names: s.anyPerson },
      }),
      fc.constant<Case>({ method: 'POST', url: '/api/people/keeper/move-to-waiting-list' }),
    ),
  // No one of the suite's names is a person here: 404, or 400 for the body, whatever the site.
  'POST /api/people/{id}/waiting-places': () =>
    s.idsAndBody(
      'POST',
      '/api/people/{id}/waiting-places',
      { id: { names: s.anyPerson } },
      bodyOf(() => ({ siteId: 1 }), joinSiteListSchema),
    ),
  'DELETE /api/people/{id}/waiting-places/{siteId}': () =>
    s.idsAndBody('DELETE', '/api/people/{id}/waiting-places/{siteId}', {
      id: { names: s.anyPerson },
      siteId: { names: s.anySite, numeric: true, real: ['1'] },
    }),
  'POST /api/people/{id}/move-to-plotholders': () =>
    // waiter has no plot: moving them to the s.plot holders is refused (422).
    fc.oneof(
      s.idsAndBody('POST', '/api/people/{id}/move-to-plotholders', {
        id: { names: s.anyPerson },
      }),
      fc.constant<Case>({ method: 'POST', url: '/api/people/waiter/move-to-plotholders' }),
    ),
  // A record merged with itself (422), or a merge at versions no record has (409): nothing moves.
  'POST /api/people-merge': () =>
    s.bodyOnly(
      'POST',
      '/api/people-merge',
      bodyOf(
        () => ({
          keptId: 'keeper',
          mergedId: 'keeper',
          keptVersion: 1,
          mergedVersion: 1,
          fields: {
            ...s.personUpdate,
            title: '',
            contactBy: 'email',
            concession: false,
            notes: '',
            reference: 'ABCDEFGH',
          },
        }),
        mergeInputSchema,
        [
          fc
            .constantFrom('waiter', 't2', 'no-such-person')
            .map((mergedId): Breaker => (body) => ({ ...body, mergedId, mergedVersion: 99 })),
        ],
      ),
    ),
})

// Plots and their tenants.
export const plotsFamilies: Families = (s) => ({
  'POST /api/plots': () =>
    s.bodyOnly(
      'POST',
      '/api/plots',
      bodyOf(() => s.plot('New'), newPlotSchema, [s.duplicate(['FULL', 'OPEN'])]),
    ),
  'PUT /api/plots/{id}': () =>
    s.idsAndBody(
      'PUT',
      '/api/plots/{id}',
      { id: { names: s.anyPlot, real: ['FULL', 'OPEN'] } },
      bodyOf(() => ({ ...s.plotUpdate, version: 1 }), updatePlotSchema, [s.stale]),
    ),
  'PUT /api/plots/{id}/payer': () =>
    // spare-person holds no plot: choosing them to pay FULL's rent is refused (422).
    s.idsAndBody(
      'PUT',
      '/api/plots/{id}/payer',
      { id: { names: s.anyPlot, real: ['FULL'] } },
      bodyOf(() => ({ personId: 'spare-person' }), choosePayerSchema),
    ),
  'PUT /api/plots/{id}/tenants/{personId}': () =>
    fc.oneof(
      s.idsAndBody('PUT', '/api/plots/{id}/tenants/{personId}', {
        id: { names: s.anyPlot, real: ['OPEN', 'FULL'] },
        personId: { names: s.anyPerson, real: ['spare-person', 'waiter'] },
      }),
      // FULL has four tenants already: a fifth is refused (422).
      fc
        .constantFrom('spare-person', 'waiter')
        .map((id): Case => ({ method: 'PUT', url: `/api/plots/FULL/tenants/${id}` })),
    ),
  'DELETE /api/plots/{id}/tenants/{personId}': () =>
    s.idsAndBody('DELETE', '/api/plots/{id}/tenants/{personId}', {
      id: { names: s.anyPlot, real: ['FULL'] },
      personId: { names: s.anyPerson, real: ['keeper'] },
    }),
  // keeper's tenancy of FULL began today: a day before it, or after it, is refused (422).
  'POST /api/plots/{id}/tenants/{personId}/end': () =>
    s.idsAndBody(
      'POST',
      '/api/plots/{id}/tenants/{personId}/end',
      {
        id: { names: s.anyPlot, real: ['FULL'] },
        personId: { names: s.anyPerson, real: ['keeper'] },
      },
      bodyOf(() => ({ endedOn: '2001-02-03', reason: 'gaveUp' }), tenancyEndSchema, [
        fc
          .constantFrom('1999-12-31', '2001-02-03', '2999-01-01')
          .map((endedOn): Breaker => (body) => ({ ...body, endedOn })),
      ]),
    ),
})

// Accounts: registration, approval, and passwords.
export const accountsFamilies: Families = (s) => ({
  'PUT /api/accounts/{id}/level': () =>
    s.idsAndBody(
      'PUT',
      '/api/accounts/{id}/level',
      { id: { names: s.anyAccount, real: [s.targetAccount, s.ownAccount] } },
      bodyOf(() => ({ level: 1 }), accountLevelSchema),
    ),
  'PUT /api/accounts/{id}/person': () =>
    s.idsAndBody(
      'PUT',
      '/api/accounts/{id}/person',
      { id: { names: s.anyAccount, real: [s.targetAccount, s.ownAccount] } },
      bodyOf(() => ({ personId: 'keeper' }), accountPersonSchema),
    ),
  'POST /api/people/{id}/invitation': () =>
    s.idsAndBody('POST', '/api/people/{id}/invitation', { id: { names: s.anyPerson } }),
  'POST /api/invitations': () =>
    s.bodyOnly(
      'POST',
      '/api/invitations',
      bodyOf(() => ({ group: 'waitinglist' }), invitationGroupSchema),
    ),
  // A token no invitation was given: every request is refused, and nothing changes.
  'POST /api/invitations/join': () =>
    s.bodyOnly(
      'POST',
      '/api/invitations/join',
      bodyOf(
        () => ({ token: 'never-sent', userName: 'fuzz-joiner', password: 'a-long-passphrase' }),
        joinSchema,
      ),
    ),
  'PUT /api/accounts/{id}/disabled': () =>
    s.idsAndBody(
      'PUT',
      '/api/accounts/{id}/disabled',
      { id: { names: s.anyAccount, real: [s.targetAccount, s.ownAccount] } },
      bodyOf(() => ({ disabled: true }), accountDisabledSchema),
    ),
  'PUT /api/accounts/{id}/sites': () =>
    s.idsAndBody(
      'PUT',
      '/api/accounts/{id}/sites',
      { id: { names: s.anyAccount, real: [s.targetAccount, s.ownAccount] } },
      bodyOf(() => ({ sites: [1] }), accountSitesSchema),
    ),
  'POST /api/register': () =>
    s.bodyOnly(
      'POST',
      '/api/register',
      bodyOf(
        () => ({
          userName: 'fuzz-new',
          level: 1,
          email: 'fuzz-new@example.org',
          password: 'an-unusual-passphrase',
        }),
        registerSchema,
        [
          fc.constantFrom<Breaker>(
            (body) => ({ ...body, userName: 'fuzz-target' }),
            (body) => ({ ...body, userName: 'FUZZ-ADMIN' }),
            (body) => ({ ...body, password: 'password123' }),
            (body) => ({ ...body, userName: 'samesame', password: 'samesame' }),
          ),
        ],
      ),
    ),
  // The current password given is never the right one, so every request is refused.
  'POST /api/account/password': () =>
    s.bodyOnly(
      'POST',
      '/api/account/password',
      bodyOf(
        () => ({ currentPassword: 'not-the-password', newPassword: 'fuzz-new-passphrase' }),
        changePasswordSchema,
        [
          fc.constantFrom<Breaker>(
            (body) => ({ ...body, newPassword: 'password123' }),
            (body) => ({ ...body, currentPassword: 'x'.repeat(1001) }),
          ),
        ],
      ),
    ),
  // With a password that is not the account's, so a well-formed request is refused (400) too.
  'PUT /api/account/email': () =>
    s.bodyOnly(
      'PUT',
      '/api/account/email',
      bodyOf(
        () => ({ email: 'fuzz-new@example.org', currentPassword: 'not-the-password' }),
        changeEmailSchema,
      ),
    ),
  // A token no link was given: every request is refused, and nothing changes.
  'POST /api/account-email/confirm': () =>
    s.bodyOnly(
      'POST',
      '/api/account-email/confirm',
      bodyOf(() => ({ token: 'never-sent' }), emailChangeTokenSchema),
    ),
  'DELETE /api/accounts/{id}/pending-email': () =>
    s.idsAndBody('DELETE', '/api/accounts/{id}/pending-email', { id: { names: s.anyAccount } }),
  // A well-formed request for an account that exists would e-mail a link: the name asked for
  // never has one, so the well-formed request changes nothing and the broken ones are refused.
  'POST /api/password/forgotten': () =>
    s.bodyOnly(
      'POST',
      '/api/password/forgotten',
      bodyOf(() => ({ identifier: 'nobody-has-this' }), forgottenPasswordSchema),
    ),
  // A token no request was given: every request is refused, and nothing changes.
  'POST /api/password/reset': () =>
    s.bodyOnly(
      'POST',
      '/api/password/reset',
      bodyOf(
        () => ({ token: 'not-a-token', newPassword: 'fuzz-new-passphrase' }),
        resetPasswordSchema,
      ),
    ),
  'POST /api/accounts/{id}/password': () =>
    s.idsAndBody('POST', '/api/accounts/{id}/password', {
      id: { names: s.anyAccount, real: [s.ownAccount] },
    }),
})

// What the public sends: enquiries, and the browsers' own measurements.
export const publicFormsFamilies: Families = (s) => ({
  'POST /api/contact': () =>
    s.bodyOnly(
      'POST',
      '/api/contact',
      bodyOf(
        () => ({ name: 'Fuzz Visitor', email: 'visitor@example.org', enquiry: 'A s.plot?' }),
        contactSchema,
      ),
    ),
  'POST /api/vitals': () => {
    const record = { name: 'LCP', value: 1200, rating: 'good', route: '/' }
    const badRecord = fc.oneof(
      fc.constantFrom(
        { ...record, name: 'FID' },
        { ...record, rating: 'ok' },
        { ...record, value: -1 },
        { ...record, value: 600_001 },
        { ...record, value: '5' },
        { ...record, route: 'https://evil.example/' },
        { ...record, route: '/a.b' },
        { ...record, route: `/${'x'.repeat(100)}` },
        { ...record, userId: 'someone' },
        { name: 'LCP' },
        [record],
        null,
      ),
      fc.jsonValue({ maxDepth: 2 }),
    )
    const broken = fc.oneof(
      fc.constant([]),
      fc.constant(Array.from({ length: 21 }, () => record)),
      fc
        .tuple(fc.array(fc.constant(record), { maxLength: 3 }), badRecord)
        .map(([ok, bad]) => [...ok, bad]),
      fc.dictionary(junkKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      hugeString.map((s) => [{ ...record, route: s }]),
      notAnObject.filter((v) => !Array.isArray(v) || v.length === 0),
    )
    return fc.oneof(
      {
        weight: 6,
        arbitrary: broken.map((json): Case => ({
          method: 'POST',
          url: '/api/vitals',
          body: { json },
        })),
      },
      {
        weight: 1,
        arbitrary: rawJunk.map((raw): Case => ({
          method: 'POST',
          url: '/api/vitals',
          body: raw,
        })),
      },
    )
  },
})

// Land documents: uploads (multipart), changes, deletion.
export const landDocumentsFamilies: Families = (s) => ({
  'POST /api/land-documents': () => s.landUploads(),
  'PUT /api/land-documents/{id}': () =>
    s.idsAndBody(
      'PUT',
      '/api/land-documents/{id}',
      { id: { names: s.anyDocument, numeric: true, real: [String(s.existingDocument)] } },
      bodyOf(() => ({ name: 'Renamed' }), landDocumentChangeSchema, [
        fc.constant<Breaker>(() => ({})),
      ]),
    ),
  'DELETE /api/land-documents/{id}': () =>
    s.idsAndBody('DELETE', '/api/land-documents/{id}', {
      id: { names: s.anyDocument, numeric: true },
    }),
})

// News posts: writing, editing (publishing and unpublishing too), deletion.
export const newsFamilies: Families = (s) => ({
  'POST /api/news': () =>
    s.bodyOnly(
      'POST',
      '/api/news',
      bodyOf(() => s.newsPost, newNewsPostSchema),
    ),
  'PUT /api/news/{id}': () =>
    s.idsAndBody(
      'PUT',
      '/api/news/{id}',
      { id: { names: s.anyNewsPost, numeric: true, real: [String(s.existingNewsPost)] } },
      bodyOf(() => ({ ...s.newsPost, version: 1 }), updateNewsPostSchema, [s.stale]),
    ),
  'DELETE /api/news/{id}': () =>
    s.idsAndBody('DELETE', '/api/news/{id}', { id: { names: s.anyNewsPost, numeric: true } }),
})

// The calendar (issue 48): the committee's events, and a member's own calendar address (which
// takes no body: tried only without a session, as a signed-in call really makes a new one).
export const calendarFamilies: Families = (s) => {
  // The end before the start: every field well formed, the event refused (422).
  const endsFirst = fc
    .constantFrom(
      { endDate: '2026-03-28' },
      { endTime: '00:30' },
      { endTime: '00:00' },
      { startDate: '2026-03-30' },
    )
    .map((patch): Breaker => (body) => ({ ...body, ...patch }))
  const id = { names: s.anyEvent, numeric: true }
  return {
    'POST /api/calendar/events': () =>
      s.bodyOnly(
        'POST',
        '/api/calendar/events',
        bodyOf(() => s.calendarEvent, eventInputSchema, [endsFirst]),
      ),
    'PUT /api/calendar/events/{id}': () =>
      s.idsAndBody(
        'PUT',
        '/api/calendar/events/{id}',
        { id: { ...id, real: [String(s.existingEvent)] } },
        bodyOf(() => ({ ...s.calendarEvent, version: 1 }), eventUpdateSchema, [s.stale, endsFirst]),
      ),
    'DELETE /api/calendar/events/{id}': () =>
      s.idsAndBody('DELETE', '/api/calendar/events/{id}', { id }),
    'PUT /api/calendar/events/{id}/coming': () =>
      s.idsAndBody('PUT', '/api/calendar/events/{id}/coming', { id }),
    'DELETE /api/calendar/events/{id}/coming': () =>
      s.idsAndBody('DELETE', '/api/calendar/events/{id}/coming', { id }),
    'POST /api/me/calendar-address': () => s.withoutBody('/api/me/calendar-address', ['none']),
  }
}

// Sites (issue 46): the administrator adds, edits, retires and brings back a site.
export const sitesFamilies: Families = (s) => {
  const site = { name: 'Southside', address: '', description: '', facilities: ['water'] }
  const id = { id: { names: s.anySite, numeric: true, real: ['1'] } }
  return {
    'POST /api/sites': () =>
      s.bodyOnly(
        'POST',
        '/api/sites',
        bodyOf(() => site, siteFieldsSchema),
      ),
    'PUT /api/sites/{id}': () =>
      s.idsAndBody(
        'PUT',
        '/api/sites/{id}',
        id,
        bodyOf(() => ({ ...site, version: 1 }), updateSiteSchema, [s.stale]),
      ),
    ...Object.fromEntries(
      (['retire', 'reopen'] as const).map((action) => [
        `POST /api/sites/{id}/${action}`,
        () =>
          s.idsAndBody(
            'POST',
            `/api/sites/{id}/${action}`,
            id,
            bodyOf(() => ({ version: 1 }), siteVersionSchema, [s.stale]),
          ),
      ]),
    ),
  }
}

// Messages to members: a draft is checked (merge fields, a one-line subject, a group with
// someone in it) before anything is planned or queued.
export const messagesFamilies: Families = (s) => {
  const draft = () => ({
    audience: { kind: 'plotholders' },
    subject: 'Rent for {plots}',
    body: 'Dear {firstName}',
  })
  const refused = [
    fc
      .constantFrom('{frstName}', '{nickname}', '{plots} {amount}')
      .map((field): Breaker => (body) => ({ ...body, body: `Dear ${field}` })),
    fc
      .constantFrom('\r\nBcc: all@example.org', '\nX', '\rX')
      .map((tail): Breaker => (body) => ({ ...body, subject: `Rent${tail}` })),
    // A plot without tenants: an empty group.
    fc.constant<Breaker>((body) => ({ ...body, audience: { kind: 'plot', plotId: 'OPEN' } })),
    fc.constant<Breaker>((body) => ({ ...body, audience: { kind: 'people', ids: [] } })),
    fc.constant<Breaker>((body) => ({ ...body, audience: { kind: 'everyone' } })),
  ]
  // The suite keeps no template: every id names nothing.
  const noTemplate = () => false
  const template = () => ({
    name: 'Reminder',
    subject: 'Rent for {plots}',
    body: 'Dear {firstName}',
  })
  return {
    'POST /api/messages/plan': () =>
      s.bodyOnly('POST', '/api/messages/plan', bodyOf(draft, messageDraftSchema, refused)),
    // A confirmation no preview gave: a draft that gets past the checks is refused as changed.
    'POST /api/messages': () =>
      s.bodyOnly(
        'POST',
        '/api/messages',
        bodyOf(() => ({ ...draft(), confirmation: 'not-a-preview' }), messageSendSchema, refused),
      ),
    'POST /api/message-templates': () =>
      s.bodyOnly(
        'POST',
        '/api/message-templates',
        bodyOf(template, messageTemplateInputSchema, refused.slice(0, 2)),
      ),
    'PUT /api/message-templates/{id}': () =>
      s.idsAndBody(
        'PUT',
        '/api/message-templates/{id}',
        { id: { names: noTemplate, numeric: true } },
        bodyOf(
          () => ({ ...template(), version: 1 }),
          updateMessageTemplateSchema,
          refused.slice(0, 2),
        ),
      ),
    'DELETE /api/message-templates/{id}': () =>
      s.idsAndBody('DELETE', '/api/message-templates/{id}', {
        id: { names: noTemplate, numeric: true },
      }),
  }
}

const isImageName = (name: string) => name === 'logo' || name === 'homePhoto'

// The association's settings: one record, saved whole; and its two pictures.
export const settingsFamilies: Families = (s) => ({
  'PUT /api/settings': () =>
    s.bodyOnly(
      'PUT',
      '/api/settings',
      bodyOf(
        () => ({
          name: 'Fuzz Association',
          charityNumber: '1234567',
          registerUrl: 'https://register.example.org/',
          contactAddress: '1 Junk Street',
          homeHeading: 'Fuzz allotments',
          homeText: '## Fuzz\n\nKept as it is.',
          aboutText: '',
          version: 1,
        }),
        updateSettingsSchema,
        [s.stale],
      ),
    ),
  'PUT /api/settings/images/{name}': () =>
    fc.oneof(
      s.uploads({
        method: 'PUT',
        url: '/api/settings/images/homePhoto',
        fields: { description: 'The site in June' },
        fieldSpecs: { description: fc.oneof(hugeString, withNul, over(300)) },
        required: [],
        file: () => samplePng,
        fileName: 'photo.png',
      }),
      s.idsAndBody('PUT', '/api/settings/images/{name}', { name: { names: isImageName } }),
    ),
  // A real name is no bad input: removing nothing is still a change, and logged.
  'DELETE /api/settings/images/{name}': () =>
    s.idsAndBody('DELETE', '/api/settings/images/{name}', { name: { names: isImageName } }),
  'PUT /api/setup/steps/{id}': () =>
    s.idsAndBody(
      'PUT',
      '/api/setup/steps/{id}',
      { id: { names: (id) => setupStepIdSchema.safeParse(id).success, real: ['plots'] } },
      bodyOf(() => ({ skipped: true }), skipStepSchema),
    ),
})

// The site map: the editor's layout, an imported drawing, and plots made from it. The suite's
// database has no map, so making plots from it is always refused.
export const siteMapFamilies: Families = (s) => {
  const rect = { kind: 'rect', x: 1, y: 1, width: 10, height: 8 }
  const plot = (id: string) => ({ id, shape: rect, label: { x: 6, y: 5 } })
  const layout = { viewBox: { width: 100, height: 60 }, plots: [plot('1')], features: [] }
  return {
    'PUT /api/site-map': () =>
      s.bodyOnly(
        'PUT',
        '/api/site-map',
        bodyOf(() => ({ layout, version: 0 }), saveSiteLayoutSchema, [
          s.stale,
          fc.constantFrom<Breaker>(
            (body) => ({ ...body, layout: { ...layout, plots: [plot('7'), plot('7')] } }),
            (body) => ({ ...body, layout: { ...layout, plots: [plot('')] } }),
            (body) => ({ ...body, layout: { ...layout, viewBox: { width: 0, height: 60 } } }),
            (body) => ({
              ...body,
              layout: { ...layout, plots: [{ ...plot('1'), shape: { ...rect, width: -1 } }] },
            }),
            (body) => ({
              ...body,
              layout: { ...layout, features: [{ kind: 'shed', name: 'Shed', shape: rect }] },
            }),
            (body) => ({
              ...body,
              layout: { ...layout, features: [{ kind: 'building', name: ' ', shape: rect }] },
            }),
          ),
        ]),
      ),
    'POST /api/site-map/drawing': () =>
      s.uploads({
        method: 'POST',
        url: '/api/site-map/drawing',
        fields: {},
        fieldSpecs: {},
        required: [],
        file: () => Buffer.from(sampleDrawing()),
        fileName: 'site.svg',
      }),
    'POST /api/site-map/plots': () =>
      fc.oneof(
        fc.constant<Case>({ method: 'POST', url: '/api/site-map/plots' }),
        fc
          .jsonValue({ maxDepth: 2 })
          .map((json): Case => ({ method: 'POST', url: '/api/site-map/plots', body: { json } })),
      ),
  }
}

// Importing a spreadsheet: the dry run and the import, with the same form.
export const importFamilies: Families = (s) => {
  const upload = (url: string) => () =>
    s.uploads({
      method: 'POST',
      url,
      fields: { kind: 'people' },
      fieldSpecs: {
        kind: fc.oneof(
          hugeString,
          unicodeJunk.filter((kind) => kind !== 'people' && kind !== 'plots'),
        ),
        sheet: over(200),
        tables: fc.oneof(
          hugeString,
          fc.constantFrom(
            '{',
            '{}',
            '"First name"',
            'null',
            JSON.stringify([{ mapping: { firstName: 7 } }]),
            JSON.stringify([{ keep: [] }]),
            JSON.stringify([{ headings: 0 }]),
            JSON.stringify([{ headings: 1.5 }]),
            JSON.stringify([{ skip: 'yes' }]),
            JSON.stringify(Array.from({ length: 11 }, () => ({}))),
          ),
        ),
        existing: unicodeJunk.filter((choice) => choice !== 'skip' && choice !== 'update'),
        names: fc.constantFrom(
          '{',
          JSON.stringify({ 2: 'Ann' }),
          JSON.stringify({ x: {} }),
          JSON.stringify({ 2: [] }),
          JSON.stringify({
            2: Array.from({ length: 5 }, () => ({ firstName: 'A', lastName: 'B' })),
          }),
        ),
      },
      required: ['kind'],
      file: () =>
        csvBytes([
          ['First name', 'Last name'],
          ['Fuzz', 'Import'],
        ]),
      fileName: 'people.csv',
    })
  return {
    'POST /api/import/check': upload('/api/import/check'),
    'POST /api/import': upload('/api/import'),
    'POST /api/import/undo': () =>
      s.bodyOnly(
        'POST',
        '/api/import/undo',
        bodyOf(() => ({ id: 1 }), undoImportSchema),
      ),
  }
}

// Sign-in, sign-out and sign-out-everywhere: only their bodies are checked.
export const signInFamilies: Families = (s) => ({
  'POST /api/auth/sign-in/username': () => {
    const body = bodyOf(() => ({ username: 'fuzz-nobody', password: 'whatever-it-is' }), signInBody)
    return fc.oneof(
      s.bodyOnly('POST', '/api/auth/sign-in/username', body),
      // Well-formed but wrong: an unknown user name in any script gets the same 401.
      fc
        .tuple(unicodeJunk, unicodeJunk)
        .filter(([u, p]) => u.length > 0 && p.length > 0)
        .map(([username, password]): Case => ({
          method: 'POST',
          url: '/api/auth/sign-in/username',
          body: { json: { username: `fuzz-${username}`, password } },
          cookie: 'none',
        })),
    )
  },
  'POST /api/auth/sign-out': () => s.sessionEnders('/api/auth/sign-out'),
  'POST /api/auth/revoke-sessions': () => s.sessionEnders('/api/auth/revoke-sessions'),
  'POST /api/account/sign-out-others': () => s.sessionEnders('/api/account/sign-out-others'),
})

// The rent year. The suite starts no year and keeps no invoice: every invoice id names nothing.
// A bank statement sent to be read, to be checked or kept for the accounts: one form either way.
const statementUpload = (s: Suite, url: string) =>
  s.uploads({
    method: 'POST',
    url,
    fields: {},
    fieldSpecs: {
      // A column mapping that is no layout: not JSON, JSON of another shape, columns
      // beyond the statement's width, no amount.
      layout: fc.oneof(
        hugeString,
        withNul,
        fc.constantFrom(
          '{',
          '[]',
          'null',
          JSON.stringify({
            name: 'X',
            columnCount: 2,
            columns: { date: 0, reference: 5, amount: 1 },
          }),
          JSON.stringify({ name: 'X', columnCount: 3, columns: { date: 0, reference: 1 } }),
          JSON.stringify({
            name: ' ',
            columnCount: 3,
            columns: { date: 0, reference: 1, amount: 2 },
          }),
        ),
      ),
      choose: fc.oneof(hugeString, withNul),
    },
    required: [],
    // One column: no bank statement, however the form is dressed.
    file: () => csvBytes([['Colour'], ['red']]),
    fileName: 'statement.csv',
  })

export const rentFamilies: Families = (s) => {
  const noInvoice = () => false
  const requestId = '3b241101-e2bb-4255-8caf-4136c566a962'
  const payment = () => ({
    amount: 1000,
    method: 'cash',
    date: '2026-10-01',
    reference: 'x',
    requestId,
  })
  const correction = () => ({ kind: 'writeoff', date: '2026-10-01', reference: 'why', requestId })
  const badAmount = fc
    .constantFrom(-1, 0, 0.5, 12.345, 1e12, Number.MAX_SAFE_INTEGER, '100', null)
    .map((amount): Breaker => (body) => ({ ...body, amount }))
  const year = () => ({ startDate: '2026-10-01' })
  const start = () => ({ ...year(), confirmed: { invoices: 1, emails: 1, letters: 0 } })
  const kind = () => ({ name: 'Carer', percent: 20, fixedPence: null, appliesTo: 'rent' })
  const percentAndFixed = fc.constant<Breaker>((body) => ({ ...body, fixedPence: 500 }))
  const neither = fc.constant<Breaker>((body) => ({ ...body, percent: null }))
  return {
    'PUT /api/rent/settings': () =>
      settingsPut(
        s,
        '/api/rent/settings',
        { ...DEFAULT_RENT_SETTINGS, extras: [] },
        rentSettingsSchema,
        [
          fc.constant<Breaker>((body) => ({
            ...body,
            reminderDays: { first: 30, second: 20, arrears: 40 },
          })),
          fc.constant<Breaker>((body) => ({ ...body, extras: [{ name: 'Water', amount: -5 }] })),
        ],
      ),
    // A site's own rates (decision 48), or none: the organisation's.
    'PUT /api/rent/settings/sites/{siteId}': () => {
      const { chargeBasis, areaRate, bandFees, concessionPercent } = DEFAULT_RENT_SETTINGS
      const rates = { chargeBasis, areaRate, bandFees, concessionPercent, extras: [] }
      return s.idsAndBody(
        'PUT',
        '/api/rent/settings/sites/{siteId}',
        { siteId: { names: s.anySite, numeric: true, real: ['1'] } },
        bodyOf(() => ({ rates, version: 0 }), siteRentSettingsInputSchema, [
          s.stale,
          fc.constant<Breaker>((body) => ({
            ...body,
            rates: { ...rates, concessionPercent: 101 },
          })),
        ]),
      )
    },
    // Concessions (decision 57): no kind nor grant yet.
    'POST /api/rent/concession-kinds': () =>
      s.bodyOnly(
        'POST',
        '/api/rent/concession-kinds',
        bodyOf(kind, concessionKindInputSchema, [percentAndFixed, neither]),
      ),
    'PUT /api/rent/concession-kinds/{id}': () =>
      s.idsAndBody(
        'PUT',
        '/api/rent/concession-kinds/{id}',
        { id: { names: () => false, numeric: true } },
        bodyOf(() => ({ ...kind(), version: 1 }), concessionKindUpdateSchema, [
          s.stale,
          percentAndFixed,
          neither,
        ]),
      ),
    'POST /api/people/{id}/concessions': () =>
      s.idsAndBody(
        'POST',
        '/api/people/{id}/concessions',
        { id: { names: s.anyPerson, real: ['keeper'] } },
        bodyOf(
          () => ({ kindId: 1, evidence: 'Pension letter', startsOn: '2026-10-01', endsOn: null }),
          concessionGrantInputSchema,
          [
            fc.constant<Breaker>((body) => ({ ...body, endsOn: '2026-09-30' })),
            fc.constant<Breaker>((body) => ({ ...body, kindId: 999 })),
            fc.constant<Breaker>((body) => ({ ...body, evidence: '   ' })),
          ],
        ),
      ),
    'PUT /api/rent/concessions/{id}/end': () =>
      s.idsAndBody(
        'PUT',
        '/api/rent/concessions/{id}/end',
        { id: { names: () => false, numeric: true } },
        bodyOf(() => ({ endsOn: '2027-09-30', version: 1 }), concessionEndSchema),
      ),
    // Deposits (decision 58): no kind and no deposit yet, so every well-formed one is refused too.
    'POST /api/rent/deposit-kinds': () =>
      s.bodyOnly(
        'POST',
        '/api/rent/deposit-kinds',
        bodyOf(() => ({ name: 'Key', amount: 5500 }), depositKindInputSchema, [
          fc.constant<Breaker>((body) => ({ ...body, amount: 0 })),
        ]),
      ),
    'PUT /api/rent/deposit-kinds/{id}': () =>
      s.idsAndBody(
        'PUT',
        '/api/rent/deposit-kinds/{id}',
        { id: { names: () => false, numeric: true } },
        bodyOf(() => ({ name: 'Key', amount: 5500, version: 1 }), depositKindUpdateSchema),
      ),
    'POST /api/people/{id}/deposits': () =>
      s.idsAndBody(
        'POST',
        '/api/people/{id}/deposits',
        { id: { names: s.anyPerson, real: ['keeper'] } },
        bodyOf(
          () => ({ kindId: 1, plotId: '1', date: '2026-10-01', method: 'cash' }),
          depositInputSchema,
          [
            fc.constant<Breaker>((body) => ({ ...body, kindId: 999 })),
            fc.constant<Breaker>((body) => ({ ...body, date: '2099-01-01' })),
            fc.constant<Breaker>((body) => ({ ...body, amount: -5 })),
          ],
        ),
      ),
    'POST /api/rent/deposits/{id}/entries': () =>
      s.idsAndBody(
        'POST',
        '/api/rent/deposits/{id}/entries',
        { id: { names: () => false, numeric: true } },
        bodyOf(
          () => ({
            kind: 'returned',
            date: '2026-10-01',
            amount: 100,
            method: 'cash',
            reason: 'Key back',
            version: 1,
          }),
          depositEntryInputSchema,
          [fc.constant<Breaker>((body) => ({ ...body, reason: '  ' }))],
        ),
      ),
    'POST /api/plots/{id}/invoices': () =>
      s.idsAndBody('POST', '/api/plots/{id}/invoices', {
        id: { names: s.anyPlot, real: ['FULL', 'OPEN'] },
      }),
    'POST /api/rent/years/preview': () =>
      s.bodyOnly('POST', '/api/rent/years/preview', bodyOf(year, previewYearSchema)),
    'POST /api/rent/years': () =>
      s.bodyOnly('POST', '/api/rent/years', bodyOf(start, startYearSchema)),
    'POST /api/rent/invoices/{id}/payments': () =>
      s.idsAndBody(
        'POST',
        '/api/rent/invoices/{id}/payments',
        { id: { names: noInvoice, numeric: true } },
        bodyOf(payment, paymentInputSchema, [badAmount]),
      ),
    'POST /api/rent/invoices/{id}/corrections': () =>
      s.idsAndBody(
        'POST',
        '/api/rent/invoices/{id}/corrections',
        { id: { names: noInvoice, numeric: true } },
        bodyOf(correction, correctionInputSchema, [badAmount]),
      ),
    'POST /api/people/{id}/credit/use': () =>
      s.idsAndBody(
        'POST',
        '/api/people/{id}/credit/use',
        { id: { names: s.anyPerson } },
        bodyOf(() => ({ requestId }), creditUseSchema),
      ),
    'POST /api/people/{id}/credit/refund': () =>
      s.idsAndBody(
        'POST',
        '/api/people/{id}/credit/refund',
        { id: { names: s.anyPerson } },
        bodyOf(() => ({ amount: 1000, reference: 'BACS', requestId }), creditRefundSchema, [
          badAmount,
        ]),
      ),
    'POST /api/rent/statement': () => statementUpload(s, '/api/rent/statement'),
    'POST /api/rent/bank-lines': () => statementUpload(s, '/api/rent/bank-lines'),
    // The bank lines and the accounts (decision 59): no line kept, so every well-formed one is
    // refused too.
    'PUT /api/rent/bank-lines/{lineId}/category': () =>
      s.idsAndBody(
        'PUT',
        '/api/rent/bank-lines/{lineId}/category',
        { lineId: { names: () => false } },
        bodyOf(() => ({ categoryKey: 'water-bill' }), lineCategorySchema, [
          fc.constant<Breaker>((body) => ({ ...body, categoryKey: '' })),
        ]),
      ),
    'POST /api/rent/bank-categories': () =>
      s.bodyOnly(
        'POST',
        '/api/rent/bank-categories',
        bodyOf(() => ({ name: 'Seeds', kind: 'income' }), newCategorySchema, [
          fc.constant<Breaker>((body) => ({ ...body, name: '   ' })),
          fc.constant<Breaker>((body) => ({ ...body, kind: 'both' })),
        ]),
      ),
    'PUT /api/rent/bank-categories/{key}': () =>
      s.idsAndBody(
        'PUT',
        '/api/rent/bank-categories/{key}',
        { key: { names: () => false } },
        bodyOf(() => ({ name: 'Water rates', retired: false }), categoryChangeSchema, [
          fc.constant<Breaker>((body) => ({ ...body, name: '' })),
        ]),
      ),
    'PUT /api/rent/accounts/opening': () =>
      s.bodyOnly(
        'PUT',
        '/api/rent/accounts/opening',
        bodyOf(() => ({ from: '2026-10-01', balance: 100 }), openingSchema, [
          fc.constant<Breaker>((body) => ({ ...body, from: '2026-02-30' })),
          fc.constant<Breaker>((body) => ({ ...body, balance: 1.5 })),
        ]),
      ),
    // Instalments (decision 60): no invoice yet, so every well-formed split is refused too.
    'POST /api/rent/invoices/{id}/instalments': () =>
      s.idsAndBody(
        'POST',
        '/api/rent/invoices/{id}/instalments',
        { id: { names: () => false, numeric: true } },
        bodyOf(
          () => ({ version: 1, firstDueDate: '2026-11-01', count: 3 }),
          instalmentSplitSchema,
          [
            fc.constant<Breaker>((body) => ({ ...body, count: 0 })),
            fc.constant<Breaker>((body) => ({ ...body, amount: 100 })),
          ],
        ),
      ),
    // Notice to quit for rent (decision 61): no invoice yet, so every well-formed body is refused.
    'POST /api/rent/invoices/{id}/notice-to-quit': () =>
      s.idsAndBody(
        'POST',
        '/api/rent/invoices/{id}/notice-to-quit',
        { id: { names: () => false, numeric: true } },
        bodyOf(() => ({ confirmation: 'not-a-preview' }), sendRentNoticeSchema),
      ),
    'POST /api/rent/statement/ties': () =>
      s.bodyOnly(
        'POST',
        '/api/rent/statement/ties',
        bodyOf(() => ({ lineId: 'a'.repeat(64), entryId: 999_999 }), statementTieSchema, [
          fc.constant<Breaker>((body) => ({ ...body, lineId: 'A'.repeat(64) })),
          fc.constant<Breaker>((body) => ({ ...body, entryId: 0 })),
        ]),
      ),
    'POST /api/rent/statement-layouts': () =>
      s.bodyOnly(
        'POST',
        '/api/rent/statement-layouts',
        bodyOf(
          () => ({
            name: 'Co-operative Bank',
            columnCount: 4,
            columns: { date: 0, reference: 1, amount: 2 },
          }),
          statementLayoutSchema,
          [
            fc.constant<Breaker>((body) => ({ ...body, columns: { date: 0, reference: 1 } })),
            fc.constant<Breaker>((body) => ({
              ...body,
              columns: { date: 0, reference: 9, amount: 2 },
            })),
            fc.constant<Breaker>((body) => ({
              ...body,
              columns: { date: -1, reference: 1, amount: 2 },
            })),
          ],
        ),
      ),
    'POST /api/rent/statement/confirm': () =>
      s.bodyOnly(
        'POST',
        '/api/rent/statement/confirm',
        bodyOf(
          () => ({
            matches: [
              { invoiceId: 1, amount: 100, date: '2026-10-01', reference: 'x', line: 2, requestId },
            ],
          }),
          confirmMatchesSchema,
          [fc.constant<Breaker>((body) => ({ ...body, matches: [] }))],
        ),
      ),
  }
}

// Applying for a plot: the suite keeps no application, so no token or reference finds one.
export const lettingFamilies: Families = (s) => {
  const unknownToken = (schema: typeof applyTokenSchema) =>
    bodyOf(() => ({ token: 'x'.repeat(43) }), schema, [
      fc
        .string({ minLength: 20, maxLength: 100 })
        .map((token): Breaker => (body) => ({ ...body, token })),
    ])
  const application = () => ({
    firstName: 'Fuzz',
    lastName: 'Applicant',
    email: 'fuzz.applicant@example.org',
    phoneNumber: '',
    address: '',
    note: '',
    consent: true,
  })
  return {
    'POST /api/apply': () =>
      s.bodyOnly(
        'POST',
        '/api/apply',
        bodyOf(application, applicationSchema, [
          fc
            .constantFrom(false, 'yes', 1, null)
            .map((consent): Breaker => (body) => ({ ...body, consent })),
        ]),
      ),
    'POST /api/apply/confirm': () =>
      s.bodyOnly('POST', '/api/apply/confirm', unknownToken(applyTokenSchema)),
    // No link has been sent: every token is unknown, used or expired.
    'POST /api/letting/link': () =>
      s.bodyOnly('POST', '/api/letting/link', unknownToken(linkTokenSchema)),
    'POST /api/letting/link/use': () =>
      s.bodyOnly('POST', '/api/letting/link/use', unknownToken(linkTokenSchema)),
    'PUT /api/letting/settings': () =>
      settingsPut(s, '/api/letting/settings', DEFAULT_LETTING_SETTINGS, lettingSettingsSchema, [
        fc
          .constantFrom('13-01', '00-10', '2026-03-01', 'March')
          .map((stillWantDate): Breaker => (body) => ({ ...body, stillWantDate })),
        fc
          .constantFrom(0, -3, 1.5, 366)
          .map((offerDays): Breaker => (body) => ({ ...body, offerDays })),
        fc
          .constantFrom('', '   ')
          .map((privacyNotice): Breaker => (body) => ({ ...body, privacyNotice })),
      ]),
    // How a site's plots are offered (decision 53), or null: the organisation's way.
    'PUT /api/letting/settings/sites/{siteId}': () => {
      const { offerDays, declineGoesToEnd } = DEFAULT_LETTING_SETTINGS
      const offers = { offerDays, declineGoesToEnd }
      return s.idsAndBody(
        'PUT',
        '/api/letting/settings/sites/{siteId}',
        { siteId: { names: s.anySite, numeric: true, real: ['1'] } },
        bodyOf(() => ({ offers, version: 0 }), siteLettingSettingsSchema, [
          s.stale,
          fc
            .constantFrom(0, -3, 1.5, 366)
            .map((offerDays): Breaker => (body) => ({ ...body, offers: { ...offers, offerDays } })),
        ]),
      )
    },
    // The suite's plots are let or unknown: an offer of one names no vacant plot.
    'POST /api/offers': () =>
      s.bodyOnly(
        'POST',
        '/api/offers',
        bodyOf(() => ({ plotId: 'no-such-plot', personId: 'waiter', reason: '' }), newOfferSchema, [
          fc
            .string({ minLength: 1, maxLength: 40 })
            .filter((id) => !s.anyPlot(id.trim()))
            .map((plotId): Breaker => (body) => ({ ...body, plotId })),
        ]),
      ),
    'POST /api/offers/{id}/answer': () =>
      s.idsAndBody(
        'POST',
        '/api/offers/{id}/answer',
        { id: { names: () => false, numeric: true } },
        bodyOf(() => ({ answer: 'accept' }), offerAnswerSchema),
      ),
    // The suite's caller is linked to no one: refused (404) whatever the offer.
    'POST /api/me/offers/{id}/answer': () =>
      s.idsAndBody(
        'POST',
        '/api/me/offers/{id}/answer',
        { id: { names: () => false, numeric: true } },
        bodyOf(() => ({ answer: 'accept' }), offerAnswerSchema),
      ),
    // Linked to no one, the suite's caller is never asked: refused (404) whatever is sent.
    'POST /api/me/still-want': () => s.withoutBody('/api/me/still-want'),
    'POST /api/offers/{id}/withdraw': () =>
      s.idsAndBody(
        'POST',
        '/api/offers/{id}/withdraw',
        { id: { names: () => false, numeric: true } },
        bodyOf(() => ({ reason: 'Offered in error' }), withdrawOfferSchema),
      ),
    'POST /api/people/{id}/restore-to-waiting-list': () =>
      s.idsAndBody('POST', '/api/people/{id}/restore-to-waiting-list', {
        id: { names: s.anyPerson },
      }),
    'POST /api/apply/position': () =>
      s.bodyOnly(
        'POST',
        '/api/apply/position',
        bodyOf(
          () => ({ reference: 'ABCDEFGH', email: 'fuzz.applicant@example.org' }),
          positionQuerySchema,
          [
            fc
              .string({ minLength: 1, maxLength: 20 })
              .map((reference): Breaker => (body) => ({ ...body, reference })),
          ],
        ),
      ),
  }
}

// Plot inspections: the settings, starting a round, and a plot's record with its photos. The
// record names a round that does not exist, so that even a well-formed form changes nothing.
export const inspectionsFamilies: Families = (s) => {
  const record = {
    id: '0b8e6a4e-3f4c-4b5e-9a51-2f1b1d6c9e01',
    roundId: 2_147_483_647,
    plotId: 'OPEN',
    grade: 'Good',
    cultivated: 80,
    notes: '',
    recordedAt: '2026-06-01T10:00:00Z',
    photoIds: ['5d0c1f7e-8a5b-4c1d-9e2f-3a4b5c6d7e8f'],
  }
  // The suite starts no round and sends no notice: every id names nothing.
  const noRound = () => false
  const noNotice = () => false
  const { letters: _letters, ...standards } = DEFAULT_INSPECTION_SETTINGS
  return {
    // A site's own standards (decision 53), or null: the organisation's.
    'PUT /api/inspections/settings/sites/{siteId}': () =>
      s.idsAndBody(
        'PUT',
        '/api/inspections/settings/sites/{siteId}',
        { siteId: { names: s.anySite, numeric: true, real: ['1'] } },
        bodyOf(() => ({ standards, version: 0 }), siteInspectionSettingsSchema, [
          s.stale,
          fc.constant<Breaker>((body) => ({
            ...body,
            standards: { ...standards, grades: [{ name: 'Poor', needsNotice: true }] },
          })),
        ]),
      ),
    'PUT /api/inspections/settings': () =>
      settingsPut(
        s,
        '/api/inspections/settings',
        DEFAULT_INSPECTION_SETTINGS,
        inspectionSettingsSchema,
        [
          fc.constant<Breaker>((body) => ({
            ...body,
            grades: [
              { name: 'Poor', needsNotice: true },
              { name: 'Worse', needsNotice: true },
            ],
          })),
          fc.constant<Breaker>((body) => ({
            ...body,
            letters: {
              ...DEFAULT_INSPECTION_SETTINGS.letters,
              quit: { subject: 'Plot', body: 'Ends {tenancyEnd}' },
            },
          })),
        ],
      ),
    'POST /api/inspection-rounds': () =>
      s.bodyOnly(
        'POST',
        '/api/inspection-rounds',
        bodyOf(() => ({ date: '2026-06-01', walkers: 'Pat' }), newRoundSchema),
      ),
    'POST /api/inspection-rounds/{id}/notices': () =>
      s.idsAndBody(
        'POST',
        '/api/inspection-rounds/{id}/notices',
        { id: { names: noRound, numeric: true } },
        bodyOf(() => ({ confirmation: 'not-a-preview' }), sendNoticesSchema),
      ),
    'POST /api/inspection-notices/{id}/pause': () =>
      s.idsAndBody(
        'POST',
        '/api/inspection-notices/{id}/pause',
        { id: { names: noNotice, numeric: true } },
        bodyOf(() => ({ reason: 'Illness' }), pauseNoticeSchema),
      ),
    'POST /api/inspection-notices/{id}/resume': () =>
      s.idsAndBody(
        'POST',
        '/api/inspection-notices/{id}/resume',
        { id: { names: noNotice, numeric: true } },
        undefined,
      ),
    'POST /api/inspections': () =>
      s.uploads({
        method: 'POST',
        url: '/api/inspections',
        fields: { inspection: JSON.stringify(record) },
        fieldSpecs: {
          inspection: fc.oneof(
            hugeString,
            withNul,
            fc.constantFrom(
              '{',
              '[]',
              'null',
              JSON.stringify({ ...record, id: 'not-a-uuid' }),
              JSON.stringify({ ...record, cultivated: 101 }),
              JSON.stringify({ ...record, recordedAt: 'yesterday' }),
              JSON.stringify({ ...record, photoIds: [] }),
            ),
          ),
        },
        required: ['inspection'],
        file: () => samplePng,
        fileName: 'plot.png',
      }),
  }
}

// Keys and fobs (issue 48, item 4, decision 64): the suite adds no key, so every id names nothing.
export const keysFamilies: Families = (s) => {
  const noKey = { id: { names: () => false, numeric: true } }
  return {
    'POST /api/keys': () =>
      s.bodyOnly(
        'POST',
        '/api/keys',
        bodyOf(() => ({ siteId: 1, number: 'G1', kind: 'gate', note: '' }), keyInputSchema, [
          fc.constant<Breaker>((body) => ({ ...body, kind: 'garage' })),
          fc.constant<Breaker>((body) => ({ ...body, siteId: 999 })),
        ]),
      ),
    'POST /api/keys/{id}/hand-over': () =>
      s.idsAndBody(
        'POST',
        '/api/keys/{id}/hand-over',
        noKey,
        bodyOf(
          () => ({
            version: 1,
            personId: 'keeper',
            date: '2026-10-01',
            deposit: { kindId: 1, plotId: '1', method: 'cash' },
          }),
          handOverSchema,
          [fc.constant<Breaker>((body) => ({ ...body, deposit: { kindId: 'one' } }))],
        ),
      ),
    'POST /api/keys/{id}/return': () =>
      s.idsAndBody(
        'POST',
        '/api/keys/{id}/return',
        noKey,
        bodyOf(
          () => ({ version: 1, date: '2026-10-01', refund: { amount: 5500, method: 'cash' } }),
          keyReturnSchema,
          [fc.constant<Breaker>((body) => ({ ...body, refund: { amount: -1, method: 'cash' } }))],
        ),
      ),
    'POST /api/keys/{id}/lost': () =>
      s.idsAndBody(
        'POST',
        '/api/keys/{id}/lost',
        noKey,
        bodyOf(
          () => ({ version: 1, date: '2026-10-01', kept: 5500, charge: 500, note: '' }),
          keyLostSchema,
          [fc.constant<Breaker>((body) => ({ ...body, charge: 0 }))],
        ),
      ),
  }
}

// Work hours (issue 48, item 3, decision 66): the settings, a site's own, and a work party's
// attendance as a phone sends it (hours in quarter hours).
export const workHoursFamilies: Families = (s) => {
  const rules = { hoursOwed: 6, missingHourPence: 1000, beyondHourPence: 0 }
  const notQuarter = fc.constant<Breaker>((body) => ({ ...body, hours: 1.3 }))
  return {
    'PUT /api/work-hours/settings': () =>
      s.bodyOnly(
        'PUT',
        '/api/work-hours/settings',
        bodyOf(() => ({ ...rules, version: 0 }), workHoursUpdateSchema, [
          s.stale,
          fc.constant<Breaker>((body) => ({ ...body, hoursOwed: 6.1 })),
        ]),
      ),
    'PUT /api/work-hours/settings/sites/{siteId}': () =>
      s.idsAndBody(
        'PUT',
        '/api/work-hours/settings/sites/{siteId}',
        { siteId: { names: s.anySite, numeric: true, real: ['1'] } },
        bodyOf(() => ({ hours: rules, version: 0 }), siteWorkHoursSchema, [s.stale]),
      ),
    'POST /api/work-hours/attendance': () =>
      s.bodyOnly(
        'POST',
        '/api/work-hours/attendance',
        bodyOf(
          () => ({
            id: '3f1c2a3b-0000-4000-8000-0000000000a1',
            eventId: s.existingEvent,
            personId: 'keeper',
            hours: 1.5,
            recordedAt: '2026-03-29T04:00:00.000Z',
          }),
          attendanceInputSchema,
          [notQuarter],
        ),
      ),
  }
}

export const ALL_FAMILIES = [
  peopleFamilies,
  plotsFamilies,
  accountsFamilies,
  publicFormsFamilies,
  landDocumentsFamilies,
  newsFamilies,
  calendarFamilies,
  sitesFamilies,
  messagesFamilies,
  rentFamilies,
  lettingFamilies,
  settingsFamilies,
  siteMapFamilies,
  importFamilies,
  signInFamilies,
  inspectionsFamilies,
  keysFamilies,
  workHoursFamilies,
]
