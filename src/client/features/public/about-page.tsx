import { PageHeading } from '../../components/ui/page-heading.tsx'

export function AboutPage() {
  return (
    <article>
      <PageHeading>About</PageHeading>
      <section aria-labelledby="about-association">
        <h2 id="about-association">The Association</h2>
        <p>
          The association is a registered charity run by volunteers. Its committee is elected by
          the plot holders each year and keeps the site, the plots and the waiting list in order.
        </p>
      </section>
      <section aria-labelledby="about-site">
        <h2 id="about-site">The Site</h2>
        <p>
          The site has about seventy plots of different sizes, an orchard, willow beds, a compost
          bay, a toilet and containers for shared tools. Paths link every plot to the gate.
        </p>
      </section>
      <section aria-labelledby="about-history">
        <h2 id="about-history">History</h2>
        <p>This section is under construction.</p>
      </section>
    </article>
  )
}
