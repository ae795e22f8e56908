import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { commonMessages } from '#shared/messages/common'

export function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main" className="public__main">
      <h1>{notFound ? 'Page not found' : commonMessages.error}</h1>
      <p>{notFound ? commonMessages.noPageHere : commonMessages.somethingWentWrong}</p>
      <p>
        <Link to="/">Return to home page</Link>
      </p>
    </main>
  )
}
