import { useQuery } from '@tanstack/react-query'
import { lettingMessages } from '#shared/messages/letting'
import { privacyMessages } from '#shared/messages/privacy'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { privacyNoticeQuery, retentionPeriodsQuery } from '../../lib/privacy.ts'

// The association's privacy notice, as applicants agree to it, and how long it keeps each kind of
// personal data: the periods come from the privacy settings, so the page says what the daily run
// does.
export function PrivacyPage() {
  const notice = useQuery(privacyNoticeQuery)
  const periods = useQuery(retentionPeriodsQuery)
  return (
    <article className="privacy">
      <PageHeading>{privacyMessages.privacyPageTitle}</PageHeading>
      <p className="privacy__notice">
        {notice.data?.privacyNotice || lettingMessages.privacyNotice}
      </p>
      <h2>{privacyMessages.periodsHeading}</h2>
      <QueryState query={periods}>
        {(settings) => (
          <ul>
            <li>{privacyMessages.periodLeavers(settings.leaverYears)}</li>
            <li>{privacyMessages.periodApplications}</li>
            <li>{privacyMessages.periodEnquiries(settings.enquiryMonths)}</li>
            <li>{privacyMessages.periodSignIns(settings.signInFailureDays)}</li>
            <li>{privacyMessages.periodLog(settings.logYears)}</li>
            <li>{privacyMessages.periodAccounts}</li>
          </ul>
        )}
      </QueryState>
      <p>{privacyMessages.yourRights}</p>
    </article>
  )
}
