import { startApp } from './app/start-app.tsx'
import { routes } from './app/public-routes.tsx'

// The public site (decision 23): built with Preact's React-compatible runtime, so the home page
// loads a fraction of the JavaScript the members area needs.
startApp(routes)
