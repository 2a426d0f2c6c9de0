import { REFUND_TIMES_SENTENCE } from '@keydesk/contracts/keycode-refunds'
import { BULK_QUOTE_SENTENCE, DISCOUNTS_SENTENCE, PIN_CHARGE_SENTENCE } from '@keydesk/contracts/plan-benefits'
import { PRICE_NOTICE_DAYS, SERVICE_FAILURE_DOWNTIME_HOURS, SUPPORT_ANSWER_HOURS } from '@keydesk/contracts/policy-statements'
import { ANNUAL_REFUND_SENTENCE } from '@keydesk/contracts/refunds'
import { RETENTION } from '@keydesk/contracts/retention'
import { PERIOD_DAYS } from '@keydesk/contracts/subscription-constants'
import { PolicyPage } from '../components/policy-page.tsx'

/** The static pages of docs/product.md, 'Screens and routes (web)', stating its 'Policies shown on the static pages'. */

export function AboutPage() {
  return (
    <PolicyPage
      title="About Keydesk"
      sections={[
        {
          heading: 'Who we are',
          body: 'Keydesk provides professional vehicle keycode lookups for automotive locksmiths, automotive technicians and security providers in the United States and Canada.',
        },
        {
          heading: 'What we do',
          body: 'From a vehicle identification number we deliver the mechanical key code and, for makes that need one, the immobilizer PIN, by e-mail and in your account.',
        },
        {
          heading: 'Who may use it',
          body: 'Users must be 18 or older and verified professionals: we check identity and business documents before codes are released.',
        },
      ]}
    />
  )
}

export function ServicesPage() {
  return (
    <PolicyPage
      title="Services"
      sections={[
        {
          heading: 'Keycode lookup',
          body: 'Key codes for Acura, Honda, Chrysler, Dodge, Jeep, Ford, Lincoln, Hyundai, Infiniti, Kia, Nissan, Toyota, Lexus, GM makes, Mazda, Mitsubishi, Subaru and BMW.',
        },
        {
          heading: 'PIN codes',
          body: PIN_CHARGE_SENTENCE,
        },
        {
          heading: 'Memberships',
          body: `${DISCOUNTS_SENTENCE} Plans also bring faster processing and support.`,
        },
        { heading: 'Bulk', body: BULK_QUOTE_SENTENCE },
      ]}
    />
  )
}

export function PrivacyPolicyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      showsLastUpdated
      sections={[
        {
          heading: 'What we collect',
          body: 'Your account details, the identity and business documents you upload, the vehicles you request codes for and your payments (card details stay with our payment provider).',
        },
        {
          heading: 'How long we keep it',
          body: (
            <ul className="list-disc pl-5">
              {Object.values(RETENTION).map((rule) => (
                <li key={rule.sentence}>{rule.sentence}</li>
              ))}
            </ul>
          ),
        },
        {
          heading: 'Who sees your documents',
          body: 'Only you and Keydesk administrators who verify accounts and process requests. Documents are never public.',
        },
      ]}
    />
  )
}

export function TermsOfUsagePage() {
  return (
    <PolicyPage
      title="Terms of Usage"
      showsLastUpdated
      sections={[
        { heading: 'Eligibility', body: 'You must be 18 or older and use keycodes only for vehicles you are authorised to work on.' },
        {
          heading: 'Accuracy',
          body: 'You are responsible for the VIN and vehicle details you enter. Requests with wrong details are user errors and are not refunded.',
        },
        { heading: 'Prices', body: `Prices may change with ${PRICE_NOTICE_DAYS} days notice.` },
        { heading: 'Payments', body: 'Card payments are processed by a payment provider.' },
      ]}
    />
  )
}

export function SimplifiedTermsPage() {
  return (
    <PolicyPage
      title="Terms of Service"
      sections={[
        {
          heading: 'In short',
          body: (
            <ul className="list-disc pl-5">
              <li>You are 18+ and a professional authorised to work on the vehicle.</li>
              <li>Enter the VIN carefully: user errors are not refunded.</li>
              <li>Prices change only with {PRICE_NOTICE_DAYS} days notice.</li>
              <li>We keep transaction records for {RETENTION.TRANSACTIONS.period.years} years.</li>
            </ul>
          ),
        },
      ]}
    />
  )
}

export function RefundPolicyPage() {
  return (
    <PolicyPage
      title="Refund Policy"
      showsLastUpdated
      sections={[
        { heading: 'No refunds for user errors', body: 'A wrong VIN, make, model or year entered by you is not refunded.' },
        {
          heading: 'When we refund',
          body: `When no keycode is available for the vehicle, after a service failure (downtime over ${SERVICE_FAILURE_DOWNTIME_HOURS} hours), or after a payment processing error.`,
        },
        {
          heading: 'How long it takes',
          body: REFUND_TIMES_SENTENCE,
        },
      ]}
    />
  )
}

export function MembershipCancellationPage() {
  return (
    <PolicyPage
      title="Membership Cancellation Policy"
      sections={[
        {
          heading: 'Monthly plans',
          body: `Billed in ${PERIOD_DAYS.MONTHLY}-day periods. No partial refunds; cancellation takes effect at the end of the period.`,
        },
        {
          heading: 'Annual plans',
          body: `Billed for ${PERIOD_DAYS.ANNUAL} days. ${ANNUAL_REFUND_SENTENCE} Cancellation takes effect at the end of the period.`,
        },
        { heading: 'Support', body: `Support hours are Monday-Friday 9-6 EST; we aim to answer within ${SUPPORT_ANSWER_HOURS} hours.` },
      ]}
    />
  )
}
