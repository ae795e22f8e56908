import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { messages } from '#shared/messages'

export function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main" className="public__main">
      <h1>{notFound ? 'Page not found' : messages.error}</h1>
      <p>{notFound ? messages.noPageHere : messages.somethingWentWrong}</p>
      <p>
        <Link to="/">Return to home page</Link>
      </p>
    </main>
  )
}
