import { loadConfig } from '#server/core/config'
import { openStore } from '#server/app'

// npm run db:migrate — brings the database named by DATA_DIR or DATABASE_URL up to date.
// The server does the same on every start; this is for running it ahead of a deployment.
const { db } = await openStore(loadConfig())
await db.destroy()
console.log('The database is up to date.')
