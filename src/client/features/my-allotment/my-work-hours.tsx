import { useQuery } from '@tanstack/react-query'
import { hoursText as asText } from '#shared/domain/hours'
import { workHoursWords as words } from '#shared/messages/work-hours-words'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { myWorkHoursQuery } from './api.ts'

/** A plot holder's work hours this rent year (decision 66): each plot's done of owed, and theirs. */
export function MyWorkHours() {
  const hours = useQuery(myWorkHoursQuery)
  return (
    <section aria-labelledby="my-work-hours">
      <h2 id="my-work-hours">{words.myHeading}</h2>
      <QueryState query={hours}>
        {({ from, to, plots, own }) =>
          plots.every((plot) => plot.owed === 0) && own === 0 ? (
            <p>{words.noneOwed}</p>
          ) : (
            <>
              <p>{words.myYear(from, to)}</p>
              <ul className="my-allotment__plots">
                {plots.map((plot) => (
                  <li key={plot.plotId}>
                    {words.myPlot(plot.plotName, asText(plot.done), asText(plot.owed))}
                  </li>
                ))}
              </ul>
              <p>{words.myOwn(asText(own))}</p>
            </>
          )
        }
      </QueryState>
    </section>
  )
}
