import { councilOptions, generateSeed, scaleOptions } from './seed/generate.ts'
import { runSeed } from './seed/run.ts'
import { DEMO_PASSWORD, writeSeed } from './seed/write.ts'

// `npm run seed:scale`: the council-sized data set the benchmarks run on (10,000 people, 2,000
// plots, 100,000 log entries), plus the demo accounts so that a benchmark can sign in. Unlike the
// demo, refusing a non-empty database is a failure here: a benchmark on mixed data means nothing.
// `-- --council`: a council of 100 sites (issue 46's bench:sites: 40,000 people, 8,000 plots, a
// million log entries).
const options = process.argv.includes('--council') ? councilOptions : scaleOptions

await runSeed(
  async ({ db, where, started, created: accounts }) => {
    const generating = performance.now()
    const data = generateSeed(options)
    const generated = performance.now()
    const counts = await writeSeed(db, data)
    const written = performance.now()
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1)
    console.log(
      [
        `Scale data written to ${where}:`,
        `  ${counts.sites} sites, ${counts.plots} plots, ${counts.people} people, ${counts.tenancies} tenancies, ${counts.logs} log entries.`,
        `  generated in ${seconds(generating, generated)} s, written in ${seconds(generated, written)} s, ` +
          `${seconds(started, performance.now())} s in all.`,
        `Accounts created (password '${DEMO_PASSWORD}'): ${accounts.join(', ') || 'none, all existed'}.`,
      ].join('\n'),
    )
  },
  (error, where) => {
    console.error(
      `${error.message} Nothing was changed in ${where}; use an empty DATA_DIR or database.`,
    )
    process.exitCode = 1
  },
)
