import { isRouteErrorResponse, Link, useRouteError } from 'react-router'

export function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main" className="public__main">
      <h1>{notFound ? 'Page not found' : 'Error!'}</h1>
      <p>{notFound ? 'There is no page at this address.' : 'Something went wrong!'}</p>
      <p>
        <Link to="/">Return to home page</Link>
      </p>
    </main>
  )
}
