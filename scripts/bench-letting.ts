import { startSmtpServer } from '#tests/helpers/smtp'
import { blankPlot } from '#shared/domain/plots'
import type { Offer, OfferChoices } from '#shared/schemas/letting'
import {
  buildIfMissing,
  loadAverage,
  median,
  onEachEngine,
  signInCookie,
  startSeededServer,
  timed,
} from './bench/seeded-server.ts'

// `npm run bench:letting`: letting plots on the council-sized data set (npm run seed:scale: a
// waiting list of 5,000, 2,000 plots), through the real server process, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL. Issue 17 names no targets; these are measured against the
// project's usual ones (a list or a lookup under 100 ms, a change under 200 ms):
// - "where am I on the list?" for an applicant at the end of the list;
// - the committee's choices (the list in order, who has an offer, the vacant plots);
// - making an offer (with its e-mail and its expiry job), and accepting it (the tenancy);
// - withdrawing an offer (with the letter or e-mail that says so).

const RUNS = 5

const report = (name: string, times: number[], target: number, extra = '') =>
  console.log(
    `${name}: median ${median(times).toFixed(0)} ms of ${times.length} (${times.map((t) => t.toFixed(0)).join(', ')})${extra} (target under ${target} ms)`,
  )

async function bench(engine: string, env: Record<string, string>) {
  console.log(`\n== ${engine}: seeding the scale data set (10,000 people, 2,000 plots)`)
  const smtp = await startSmtpServer()
  process.env.DATABASE_URL = env.DATABASE_URL
  const app = await startSeededServer('seed-scale.ts', {
    ...env,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    SIGN_IN_LIMIT: '1000',
    REGISTER_LIMIT: '1000',
  })
  try {
    const { url } = app.server
    const cookie = await signInCookie(url)
    const post = (path: string, body: object, signedIn = true) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          ...(signedIn ? { cookie } : {}),
          'content-type': 'application/json',
          origin: url,
        },
        body: JSON.stringify(body),
      })
    const get = (path: string) => fetch(`${url}${path}`, { headers: { cookie } })

    const email = 'bench.applicant@example.org'
    await post(
      '/api/apply',
      {
        firstName: 'Bench',
        lastName: 'Applicant',
        email,
        phoneNumber: '',
        address: '',
        note: '',
        consent: true,
      },
      false,
    )
    const link = async (pattern: RegExp) => {
      for (;;) {
        const found = smtp.received.map((mail) => pattern.exec(mail.text)?.[1]).find(Boolean)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const token = await link(/\/apply\/confirm\?token=([\w-]+)/)
    const place = (await (await post('/api/apply/confirm', { token }, false)).json()) as {
      reference: string
      position: number
      total: number
    }
    const lookups: number[] = []
    for (let run = 0; run < RUNS; run++)
      lookups.push(
        (
          await timed(() =>
            post('/api/apply/position', { reference: place.reference, email }, false),
          )
        )[1],
      )
    report(
      'where am I on the list',
      lookups,
      100,
      `, number ${place.position.toLocaleString('en-GB')} of ${place.total.toLocaleString('en-GB')}`,
    )

    // The scale site lets every plot: a few new ones to offer.
    for (let n = 1; n <= RUNS; n++) {
      const { tenants: _t, occupied: _o, version: _v, ...plot } = blankPlot(`BENCH-${n}`)
      const made = await post('/api/plots', plot)
      if (made.status !== 201) throw new Error(`plot: ${made.status} ${await made.text()}`)
    }
    const choiceTimes: number[] = []
    let choices: OfferChoices = { waiting: [], vacantPlots: [] }
    for (let run = 0; run < RUNS; run++) {
      const [body, ms] = await timed(async () => (await get('/api/offers/choices')).json())
      choices = body as OfferChoices
      choiceTimes.push(ms)
    }
    report(
      "the offer form's choices",
      choiceTimes,
      100,
      `, ${choices.waiting.length.toLocaleString('en-GB')} waiting, ${choices.vacantPlots.length} vacant plots`,
    )

    const offerTimes: number[] = []
    const acceptTimes: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const current = (await (await get('/api/offers/choices')).json()) as OfferChoices
      const next = current.waiting.find((person) => !person.hasOpenOffer)!
      const [made, offerMs] = await timed(async () =>
        post('/api/offers', { plotId: current.vacantPlots[0]!, personId: next.id, reason: '' }),
      )
      if (made.status !== 201) throw new Error(`offer: ${made.status} ${await made.text()}`)
      offerTimes.push(offerMs)
      const offer = (await made.json()) as Offer
      const [accepted, acceptMs] = await timed(() =>
        post(`/api/offers/${offer.id}/answer`, { answer: 'accept' }),
      )
      if (accepted.status !== 200)
        throw new Error(`accept: ${accepted.status} ${await accepted.text()}`)
      acceptTimes.push(acceptMs)
    }
    report('make an offer', offerTimes, 200)
    report('accept it', acceptTimes, 200)

    // Withdrawn offers leave the plot vacant: one plot, offered and withdrawn again each run.
    const { tenants: _t, occupied: _o, version: _v, ...spare } = blankPlot('BENCH-W')
    if ((await post('/api/plots', spare)).status !== 201) throw new Error('plot BENCH-W')
    const withdrawTimes: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const current = (await (await get('/api/offers/choices')).json()) as OfferChoices
      const next = current.waiting.find((person) => !person.hasOpenOffer)!
      const made = await post('/api/offers', { plotId: 'BENCH-W', personId: next.id, reason: '' })
      if (made.status !== 201) throw new Error(`offer: ${made.status} ${await made.text()}`)
      const offer = (await made.json()) as Offer
      const [withdrawn, ms] = await timed(() =>
        post(`/api/offers/${offer.id}/withdraw`, { reason: 'Offered in error' }),
      )
      if (withdrawn.status !== 200)
        throw new Error(`withdraw: ${withdrawn.status} ${await withdrawn.text()}`)
      withdrawTimes.push(ms)
    }
    report('withdraw an offer', withdrawTimes, 200)
    console.log(loadAverage())
  } finally {
    await app.stop()
    await smtp.close()
  }
}

await buildIfMissing()
await onEachEngine('allotment_bench_letting', bench)
