import type { App } from '#server/core/app-type'
import {
  accountDataOf,
  accountsBlockMerge,
  eraseAccount,
  mergeAccount,
} from '#server/features/accounts/person-data-sql'
import { entriesAbout } from '#server/features/logs/sql'
import { z } from 'zod'
import {
  accountDisabledSchema,
  accountLevelSchema,
  accountPersonSchema,
  accountSitesSchema,
  accountSchema,
  changeEmailSchema,
  peopleSignInSchema,
  personSignInSchema,
  groupInvitedSchema,
  invitationGroupSchema,
  changePasswordSchema,
  forgottenPasswordSchema,
  oneTimePasswordSchema,
  otherSessionsEndedSchema,
  resetPasswordSchema,
} from '#shared/schemas/account'
import { joinSchema, registerSchema } from '#shared/schemas/register'
import {
  clearPendingEmail,
  linkAccount,
  listAccounts,
  setAccountDisabled,
  setAccountLevel,
  setAccountSites,
} from '#server/features/accounts/service'
import { register } from '#server/features/accounts/register'
import {
  changeOwnPassword,
  resetPassword,
  signOutOtherSessions,
} from '#server/features/accounts/passwords'
import { actorOf } from '#server/core/viewer'
import { requireEverySite, siteScope } from '#server/core/site-scope'
import {
  accountEmails,
  confirmAccountEmail,
  requestAccountEmail,
} from '#server/features/accounts/account-email'
import { emailChangeTokenSchema } from '#shared/schemas/person'
import {
  passwordResets,
  requestPasswordReset,
  resetForgottenPassword,
} from '#server/features/accounts/forgotten-password'
import { LEVELS } from '#shared/domain/levels'
import { personRemoved } from '#server/features/accounts/sql'
import {
  invitations,
  inviteGroup,
  invitePerson,
  joinByInvitation,
  peopleSignIn,
  personSignIn,
} from '#server/features/accounts/invitations'

const idParams = z.object({ id: z.string().min(1).max(100) })
// A person's id is their nickname, at most 40 characters (as people's own routes take it).
const personParams = z.object({ id: z.string().min(1).max(40) })

export async function accountsFeature(app: App) {
  const { config } = app
  // An account's address is its own once the link sent there is followed (issue 42).
  const emails = accountEmails(app)
  app.post(
    '/api/register',
    {
      config: {
        minLevel: LEVELS.guest,
        rateLimit: { max: config.limits.register, timeWindow: '10 minutes' },
      },
      schema: {
        body: registerSchema,
        response: { 201: z.object({ userName: z.string(), requestedLevel: z.number() }) },
        tags: ['accounts'],
      },
    },
    async (request, reply) =>
      reply.status(201).send(await register(emails, request.body, request.ip)),
  )

  // "Forgotten your password?" and the links e-mailed on request: open to anyone, limited per
  // client like registering.
  const resets = passwordResets(app)
  const forgotten = {
    minLevel: LEVELS.guest,
    rateLimit: { max: config.limits.passwordReset, timeWindow: '10 minutes' },
  }

  app.post(
    '/api/account-email/confirm',
    {
      config: forgotten,
      schema: {
        body: emailChangeTokenSchema,
        response: { 200: z.object({ email: z.string() }) },
        tags: ['accounts'],
      },
    },
    (request) => confirmAccountEmail(emails, request.body.token, request.ip),
  )

  app.post(
    '/api/password/forgotten',
    { config: forgotten, schema: { body: forgottenPasswordSchema, tags: ['accounts'] } },
    async (request, reply) => {
      await requestPasswordReset(resets, request.body, request.ip)
      return reply.status(202).send()
    },
  )

  app.post(
    '/api/password/reset',
    {
      config: forgotten,
      schema: {
        body: resetPasswordSchema,
        response: { 200: z.object({ userName: z.string() }) },
        tags: ['accounts'],
      },
    },
    (request) => resetForgottenPassword(resets, request.body, request.ip),
  )

  app.get(
    '/api/accounts',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: { response: { 200: z.array(accountSchema) }, tags: ['accounts'] },
    },
    () => listAccounts(app),
  )

  app.put(
    '/api/accounts/:id/level',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: idParams, body: accountLevelSchema, tags: ['accounts'] },
    },
    (request) => setAccountLevel(app, actorOf(request), request.params.id, request.body.level),
  )

  app.delete(
    '/api/accounts/:id/pending-email',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: idParams, tags: ['accounts'] },
    },
    async (request, reply) => {
      await clearPendingEmail(app, actorOf(request), request.params.id)
      return reply.status(204).send()
    },
  )

  // Issue 46: the administrator limits an account to some sites, or to none (every site).
  app.put(
    '/api/accounts/:id/sites',
    {
      config: { minLevel: LEVELS.admin },
      schema: { params: idParams, body: accountSitesSchema, tags: ['accounts'] },
    },
    (request) => setAccountSites(app, actorOf(request), request.params.id, request.body.sites),
  )

  app.put(
    '/api/accounts/:id/disabled',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: idParams, body: accountDisabledSchema, tags: ['accounts'] },
    },
    (request) =>
      setAccountDisabled(app, actorOf(request), request.params.id, request.body.disabled),
  )

  // Invitations to sign in (issue 29): the committee invites; anyone with the link joins, limited
  // per client like registering.
  const invited = invitations(app)
  app.post(
    '/api/people/:id/invitation',
    {
      config: { minLevel: LEVELS.committee },
      schema: {
        params: personParams,
        response: { 201: z.object({ sentTo: z.string(), expiresAt: z.string() }) },
        tags: ['accounts'],
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invitePerson(invited, request.viewer!, siteScope(request), request.params.id)),
  )

  app.post(
    '/api/invitations',
    {
      config: { minLevel: LEVELS.committee },
      // Every plot holder, or the whole waiting list: the organisation's, not a site's.
      onRequest: async (request) => requireEverySite(siteScope(request)),
      schema: {
        body: invitationGroupSchema,
        response: { 201: groupInvitedSchema },
        tags: ['accounts'],
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteGroup(invited, request.viewer!, request.body.group)),
  )

  app.get(
    '/api/people-sign-in',
    {
      config: { minLevel: LEVELS.committee },
      schema: { response: { 200: peopleSignInSchema }, tags: ['accounts'] },
    },
    (request) => peopleSignIn(invited, siteScope(request)),
  )

  app.get(
    '/api/people/:id/sign-in',
    {
      config: { minLevel: LEVELS.committee },
      schema: {
        params: personParams,
        response: { 200: personSignInSchema },
        tags: ['accounts'],
      },
    },
    (request) => personSignIn(invited, siteScope(request), request.params.id),
  )

  app.post(
    '/api/invitations/join',
    {
      config: {
        minLevel: LEVELS.guest,
        rateLimit: { max: config.limits.register, timeWindow: '10 minutes' },
      },
      schema: {
        body: joinSchema,
        response: { 201: z.object({ userName: z.string() }) },
        tags: ['accounts'],
      },
    },
    async (request, reply) => {
      const { userName, cookies } = await joinByInvitation(invited, request.body, request.ip)
      for (const cookie of cookies) reply.header('set-cookie', cookie)
      return reply.status(201).send({ userName })
    },
  )

  app.put(
    '/api/accounts/:id/person',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: idParams, body: accountPersonSchema, tags: ['accounts'] },
    },
    (request) =>
      linkAccount(
        app,
        actorOf(request),
        siteScope(request),
        request.params.id,
        request.body.personId,
      ),
  )

  // A person's record going ends their account's link, which then tells the member why.
  app.hooks.removingPerson.push(async (tx, personId) => {
    const account = await personRemoved(tx, personId, app.clock.now().toISOString())
    return account ? { account } : undefined
  })
  app.hooks.describingPerson.push(async (tx, person) => {
    const data = await accountDataOf(tx, person)
    // The account's own log (its sign-ins, its changes) is about the person too.
    const accountLog = data.account
      ? await entriesAbout(tx, {
          eventCollection: 'users',
          docId: [data.account.id, ...(data.account.username ? [data.account.username] : [])],
        })
      : []
    return { ...data, accountLog }
  })
  app.hooks.erasingPerson.push(eraseAccount)
  app.hooks.mergeBlockers.push(accountsBlockMerge)
  app.hooks.mergingPeople.push(mergeAccount)

  app.post(
    '/api/accounts/:id/password',
    {
      config: { minLevel: LEVELS.admin },
      schema: { params: idParams, response: { 200: oneTimePasswordSchema }, tags: ['accounts'] },
    },
    (request) => resetPassword(app, actorOf(request), request.params.id),
  )

  // My account: open to every signed-in account, a registration waiting at level 0 included, and
  // to a user who must replace a one-time password.
  const own = { minLevel: LEVELS.guest, needsSession: true, duringPasswordChange: true }

  app.post(
    '/api/account/password',
    { config: own, schema: { body: changePasswordSchema, tags: ['accounts'] } },
    async (request, reply) => {
      await changeOwnPassword(app, actorOf(request), request.body)
      return reply.status(204).send()
    },
  )

  // A link to the new address, or a note to its owner: the answer is the same (issue 42).
  app.put(
    '/api/account/email',
    {
      config: { ...own, rateLimit: forgotten.rateLimit },
      schema: { body: changeEmailSchema, tags: ['accounts'] },
    },
    async (request, reply) => {
      await requestAccountEmail(emails, actorOf(request), request.body)
      return reply.status(202).send()
    },
  )

  app.post(
    '/api/account/sign-out-others',
    { config: own, schema: { response: { 200: otherSessionsEndedSchema }, tags: ['accounts'] } },
    (request) => signOutOtherSessions(app, actorOf(request)),
  )
}
