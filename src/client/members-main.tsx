import { startApp } from './app/start-app.tsx'
import { routes } from './app/members-routes.tsx'
import './print.css'

startApp(routes)
