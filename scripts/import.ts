import { importAll } from '#server/core/db/portable'
import {
  commandLine,
  describeTarget,
  openForImport,
  readExport,
  report,
  run,
} from './lib/database-cli.ts'

// npm run import -- FILE.json [--replace]: loads an export into an empty database (or, with
// --replace, wipes it and loads in the same transaction: all or nothing).
const { file, replace } = commandLine('npm run import -- FILE.json [--replace]')

await run(async (config) => {
  const data = readExport(file)
  const db = await openForImport(config)
  try {
    const counts = await importAll(db, data, { replace })
    report(`Imported ${file} into ${describeTarget(config)}:`, counts)
  } finally {
    await db.destroy()
  }
})
