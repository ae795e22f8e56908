import type { Person } from '#shared/schemas/person'

// The person's phone number and e-mail addresses as links a phone can call or write to at a tap.
export function ContactLinks({ person }: { person: Person }) {
  const emails = [person.email, person.altEmail].filter((email) => email.trim() !== '')
  const phone = person.phoneNumber.trim()
  return (
    <>
      {phone ? (
        <a className="button button--quiet" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          Call {phone}
        </a>
      ) : null}
      {emails.map((email) => (
        <a key={email} className="button button--quiet people__email" href={`mailto:${email}`}>
          E-mail {email}
        </a>
      ))}
    </>
  )
}
