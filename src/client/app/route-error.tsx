import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { commonMessages } from '#shared/messages/common'

export function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main" className="public__main">
      <Problem notFound={notFound} />
    </main>
  )
}

/** An address no page answers, in either app: inside the members area's frame, or on its own. */
export function PageNotFound() {
  return <Problem notFound />
}

function Problem({ notFound }: { notFound: boolean }) {
  return (
    <>
      <h1>{notFound ? commonMessages.pageNotFound : commonMessages.error}</h1>
      <p>{notFound ? commonMessages.noPageHere : commonMessages.somethingWentWrong}</p>
      <p>
        <Link className="link-target" to="/">
          Return to home page
        </Link>
      </p>
    </>
  )
}
