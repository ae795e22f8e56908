import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Setup, SetupStepState } from '#shared/schemas/setup'
import { expectOneLog, lastLogId, plotInput, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

describe.each(engines)('first-run steps on %s', (engine) => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'setup-admin')
  })
  afterAll(() => t.close())

  async function setup(): Promise<Setup> {
    const response = await send(t, admin, 'GET', '/api/setup')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Setup>()
  }
  const states = async () =>
    Object.fromEntries((await setup()).steps.map((step) => [step.id, step.state])) as Record<
      string,
      SetupStepState
    >

  it('leads the administrator of an empty database through three steps, all to do', async () => {
    const fresh = await setup()
    expect(fresh.steps.map((step) => step.id)).toEqual(['details', 'map', 'plots', 'committee'])
    expect(new Set(fresh.steps.map((step) => step.state))).toEqual(new Set(['to do']))
    expect(fresh.leadOnSignIn).toBe(true)
  })

  it('skips a step and takes it up again, each once in the log', async () => {
    const mark = await lastLogId(t)
    const skipped = await send(t, admin, 'PUT', '/api/setup/steps/plots', { skipped: true })
    expect(skipped.statusCode, skipped.body).toBe(200)
    await expectOneLog(t, mark, {
      methodName: 'skipSetupStep',
      userName: 'setup-admin',
      eventCollection: 'settings',
      docId: 'setup-plots',
    })
    expect((await states()).plots).toBe('skipped')
    await send(t, admin, 'PUT', '/api/setup/steps/plots', { skipped: false })
    expect((await states()).plots).toBe('to do')
  })

  it('counts a step done when its work shows in the data, however it was done', async () => {
    const settings = (await send(t, admin, 'GET', '/api/settings')).json<{ version: number }>()
    const { version: _v, ...fields } = settings as Record<string, unknown>
    const saved = await send(t, admin, 'PUT', '/api/settings', { ...fields, version: 1 })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await states()).details).toBe('done')

    const plot = await send(t, admin, 'POST', '/api/plots', plotInput('A1'))
    expect(plot.statusCode, plot.body).toBe(201)
    const after = await setup()
    expect(after.steps.find((step) => step.id === 'plots')?.state).toBe('done')
    // Plots exist: the association has begun, and signing in no longer leads here.
    expect(after.leadOnSignIn).toBe(false)

    await t.createAccount('setup-committee', 3)
    expect((await states()).committee).toBe('done')
  })

  it('keeps the steps from anyone below the administrator, and refuses an unknown step', async () => {
    const committee = await t.signInAs(3, 'setup-committee-2')
    expect((await send(t, committee, 'GET', '/api/setup')).statusCode).toBe(403)
    const skip = await send(t, committee, 'PUT', '/api/setup/steps/plots', { skipped: true })
    expect(skip.statusCode).toBe(403)
    expect(
      (await send(t, admin, 'PUT', '/api/setup/steps/rent', { skipped: true })).statusCode,
    ).toBe(400)
  })
})
