import { Link } from 'react-router'
import { PageHeading } from '../../components/ui/page-heading.tsx'

export function HomePage() {
  return (
    <article className="home">
      <PageHeading title="Home">Welcome to our allotments</PageHeading>
      <img
        className="home__photo"
        src="/site-photo.svg"
        alt="Raised beds, a shed and fruit trees on the allotment site in summer"
        width="960"
        height="480"
        fetchPriority="high"
      />
      <p>
        We are a charity that runs a community growing site for our neighbourhood. Members rent
        plots to grow fruit, vegetables and flowers, share tools and seeds, and look after the
        orchard and the wildlife areas together.
      </p>
      <p>
        Would you like a plot? <Link to="/contact">Send us an enquiry</Link> and we will add you
        to the waiting list.
      </p>
    </article>
  )
}
