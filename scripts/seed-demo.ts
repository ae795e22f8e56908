import { demoOptions, generateSeed } from './seed/generate.ts'
import { runSeed } from './seed/run.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, writeSeed } from './seed/write.ts'

// `npm run demo` runs this before starting the server. On a database that already holds data it
// changes nothing and exits 0, so the demo command still starts the server on that data.

await runSeed(
  async ({ db, where, started, created }) => {
    const data = generateSeed(demoOptions)
    const counts = await writeSeed(db, data)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const waiting = data.people.filter((person) => person.onWaitingList).length
    const accounts = DEMO_ACCOUNTS.map(({ userName, level }) => {
      const note = created.includes(userName) ? '' : ' (existed already, left as it was)'
      return `  ${userName.padEnd(16)} level ${level}${note}`
    })
    console.log(
      [
        `Demo data written to ${where} in ${seconds} s:`,
        `  ${counts.plots} plots, ${counts.people} people (${waiting} on the waiting list),`,
        `  ${counts.tenancies} tenancies, ${counts.logs} log entries, ${counts.landDocuments} land documents.`,
        `Demo accounts, all with the password '${DEMO_PASSWORD}':`,
        ...accounts,
      ].join('\n'),
    )
  },
  (error, where) => {
    console.log(`${error.message} Nothing was changed in ${where}; the server starts on its data.`)
  },
)
