import { exportAll } from '#server/core/db/portable'
import { rowCounts, writeExport } from '#server/core/db/portable-file'
import { commandLine, describeTarget, openExisting, report, run } from './lib/database-cli.ts'

// npm run export -- FILE.json: the whole association as portable JSON (src/server/core/db/portable.ts),
// taken as one consistent snapshot, to be imported on either engine.
const { file } = commandLine('npm run export -- FILE.json')

await run(async (config) => {
  const db = openExisting(config)
  try {
    const data = await exportAll(db)
    await writeExport(file, data)
    report(`Exported ${describeTarget(config)}:`, rowCounts(data), file)
  } finally {
    await db.destroy()
  }
})
