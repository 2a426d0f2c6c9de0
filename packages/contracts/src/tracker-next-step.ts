import { CREDENTIAL_FIELDS, CREDENTIAL_LABELS, type Credentials } from './credentials.ts'
import type { OrderTracker } from './vehicle-request.ts'

export interface TrackerNextStep {
  /** The member must do something before the order can go on. */
  isYourTurn: boolean
  text: string
}

const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/**
 * Who the order waits on, in one sentence under the tracker: the member, when a document the release needs is missing
 * or was rejected (named, with where to send it), or our team, saying at which step. The documents' states are the
 * member's own credentials; without them (not loaded yet) only the tracker's steps speak.
 */
export function trackerNextStep(tracker: OrderTracker, credentials: Credentials | undefined): TrackerNextStep {
  if (tracker.COMPLETED) return { isYourTurn: false, text: 'Nothing for you to do: your keycode is ready.' }
  if (!tracker.DOCS && credentials) {
    const rejected = CREDENTIAL_FIELDS.filter((field) => credentials[field]?.review === 'REJECTED').map((field) => CREDENTIAL_LABELS[field])
    const missing = CREDENTIAL_FIELDS.filter((field) => credentials[field] === null).map((field) => CREDENTIAL_LABELS[field])
    if (rejected.length > 0) return { isYourTurn: true, text: `Your turn: send a new ${listed(rejected)} in Profile › Credentials.` }
    if (missing.length > 0) return { isYourTurn: true, text: `Your turn: upload your ${listed(missing)} in Profile › Credentials.` }
  }
  if (!tracker.ACCOUNT || !tracker.DOCS) return { isYourTurn: false, text: 'Nothing for you to do: our team is reviewing your documents.' }
  if (!tracker.PROCESSING) return { isYourTurn: false, text: 'Nothing for you to do: your order is waiting its turn in our queue.' }
  return { isYourTurn: false, text: 'Nothing for you to do: our team is looking up your keycode.' }
}
