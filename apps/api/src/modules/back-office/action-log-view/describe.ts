import { type ActionLogEntry, type ActionLogLink, actionKindLabel } from '@keydesk/contracts/action-log'
import { documentLabel } from '@keydesk/contracts/documents'
import { NO_KEYCODE_REASON_LABELS, SUPER_ADMIN_REFUND_REASON_LABELS } from '@keydesk/contracts/keycode-refunds'
import { formatDollars } from '@keydesk/contracts/money'
import { PROBLEM_ANSWER_LABELS, PROBLEM_DECLINE_REASON_LABELS, PROBLEM_REASONS } from '@keydesk/contracts/problem-reports'

/** What the log names, read in batches for a whole page (never one query per entry). */
export interface Names {
  people: Map<string, { fname: string; lname: string; email: string }>
  orders: Map<string, { confirmationNumber: string | null; year: number; make: string; model: string; vin: string }>
  documents: Map<string, { docType: string; userId: string }>
}

export interface LogRow {
  id: number
  actorId: string | null
  action: string
  targetType: string
  targetId: string
  details: Record<string, unknown>
  createdAt: Date
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null)

const CHANNEL_WORDS: Record<string, string> = { email: 'by mail', account: 'in the account' }

/** The kind an entry is read as: entries from before the log told them apart keep what they really were. */
export function kindOf(row: Pick<LogRow, 'action' | 'actorId'>): string {
  return row.action === 'KEYCODE_RELEASED' && row.actorId === null ? 'ORDER_LINK_VIEWED' : row.action
}

function personName(names: Names, id: string | null | undefined): string | null {
  const person = id ? names.people.get(id) : undefined
  return person ? `${person.fname} ${person.lname}` : null
}

function personWords(names: Names, id: string | null | undefined): string {
  const person = id ? names.people.get(id) : undefined
  return person ? `${person.fname} ${person.lname} (${person.email})` : 'a removed account'
}

function adminLink(names: Names, id: string): ActionLogLink | null {
  const person = names.people.get(id)
  return person ? { kind: 'admin', search: person.email, label: `${person.fname} ${person.lname}` } : null
}

function userLink(names: Names, id: string | null | undefined): ActionLogLink | null {
  const person = id ? names.people.get(id) : undefined
  return person ? { kind: 'user', search: person.email, label: `${person.fname} ${person.lname}` } : null
}

/** An order in words: its confirmation number and vehicle with the VIN's last characters, e.g. 'KD-… (2019 Kia Forte, VIN ...4821)'. */
function orderWords(names: Names, requestId: string): string {
  const order = names.orders.get(requestId)
  if (!order) return 'a removed request'
  const vehicle = `${order.year} ${order.make} ${order.model}, VIN ...${order.vin.slice(-4)}`
  return order.confirmationNumber ? `${order.confirmationNumber} (${vehicle})` : `an unpaid request (${vehicle})`
}

function orderLink(names: Names, requestId: string): ActionLogLink | null {
  const order = names.orders.get(requestId)
  if (!order) return null
  return order.confirmationNumber
    ? { kind: 'order', search: order.confirmationNumber, label: order.confirmationNumber }
    : { kind: 'order', search: order.vin, label: `VIN ${order.vin}` }
}

function channelWords(details: Record<string, unknown>): string {
  const channels = Array.isArray(details.channels) ? details.channels.map(String) : []
  const words = channels.map((channel) => CHANNEL_WORDS[channel] ?? channel)
  return words.length > 0 ? words.join(' and ') : 'with no delivery channel'
}

const ROLE_WORDS: Record<string, string> = { MANAGER: 'a manager', TECHNICIAN: 'a technician' }
const roleWords = (role: unknown) => ROLE_WORDS[String(role)] ?? 'a team member'

function businessWords(names: Names, id: string | null): string {
  const owner = id ? names.people.get(id) : undefined
  return owner ? `the business of ${owner.fname} ${owner.lname} (${owner.email})` : 'a removed business'
}

const labelOf = (labels: Record<string, string>, key: string): string | null => (Object.hasOwn(labels, key) ? (labels[key] ?? null) : null)

const amountWords = (details: Record<string, unknown>) =>
  typeof details.amountCents === 'number' ? formatDollars(details.amountCents) : 'an amount'

const withReason = (sentence: string, reason: string | null, label = 'reason') => (reason ? `${sentence}; ${label}: ${reason}` : sentence)

/** The sentence and the link of one entry: who did what to whom, in words. */
function sentenceOf(row: LogRow, names: Names, actor: string): { text: string; link: ActionLogLink | null } {
  const { details } = row
  const kind = kindOf(row)
  const onOrder = (sentence: string) => ({ text: sentence, link: orderLink(names, row.targetId) })
  const onUser = (sentence: string, userId = row.targetId) => ({ text: sentence, link: userLink(names, userId) })
  switch (kind) {
    case 'REQUEST_STARTED':
      return onOrder(`${actor} started ${orderWords(names, row.targetId)}`)
    case 'KEYCODE_RELEASED':
      return onOrder(
        withReason(
          `${actor} released the keycode of ${orderWords(names, row.targetId)} ${channelWords(details)}`,
          text(details.overrideReason),
          'override',
        ),
      )
    case 'RELEASE_OVERRIDE':
      return onOrder(withReason(`${actor} overrode the release gate for ${orderWords(names, row.targetId)}`, text(details.reason)))
    case 'KEYCODE_REFUNDED': {
      const amount = typeof details.amountCents === 'number' ? formatDollars(details.amountCents) : 'an amount'
      const reason = text(details.reason) ?? ''
      if (reason in NO_KEYCODE_REASON_LABELS) {
        const why = labelOf(NO_KEYCODE_REASON_LABELS, reason)
        return onOrder(withReason(`${actor} ended ${orderWords(names, row.targetId)} as no keycode available and refunded ${amount}`, why))
      }
      const ground =
        labelOf(SUPER_ADMIN_REFUND_REASON_LABELS, reason) ?? (reason === 'CODE_DID_NOT_WORK' ? 'the keycode did not work' : null)
      return onOrder(withReason(`${actor} refunded ${amount} for ${orderWords(names, row.targetId)}`, ground))
    }
    case 'PROBLEM_REPORTED': {
      const who = row.actorId === null ? 'The guest' : actor
      return onOrder(
        withReason(
          `${who} reported a problem with ${orderWords(names, row.targetId)}`,
          labelOf(PROBLEM_REASONS, text(details.reason) ?? ''),
        ),
      )
    }
    case 'PROBLEM_REPORT_ANSWERED': {
      const answer = labelOf(PROBLEM_ANSWER_LABELS, text(details.answer) ?? '')?.toLowerCase() ?? 'answer'
      const declined = labelOf(PROBLEM_DECLINE_REASON_LABELS, text(details.declineReason) ?? '')
      return onOrder(withReason(`${actor} answered a problem report on ${orderWords(names, row.targetId)}: ${answer}`, declined))
    }
    case 'ORDER_LINK_VIEWED':
      return onOrder(`The guest opened the order link of ${orderWords(names, row.targetId)}`)
    case 'USER_VALIDATED':
      return onUser(`${actor} validated the account of ${personWords(names, row.targetId)}`)
    case 'USER_REVOKED':
      return onUser(`${actor} revoked the account of ${personWords(names, row.targetId)}`)
    case 'USER_NOTES_UPDATED':
      return onUser(`${actor} updated the notes on ${personWords(names, row.targetId)}`)
    case 'DOCUMENT_APPROVED':
    case 'DOCUMENT_REJECTED': {
      const document = names.documents.get(row.targetId)
      const what = document ? documentLabel(document.docType) : 'a removed document'
      const whose = document ? ` of ${personWords(names, document.userId)}` : ''
      const verb = kind === 'DOCUMENT_APPROVED' ? 'approved' : 'rejected'
      return onUser(withReason(`${actor} ${verb} the ${what}${whose}`, text(details.notes)), document?.userId)
    }
    case 'ADMIN_APPROVED':
    case 'ADMIN_REJECTED':
    case 'ADMIN_REVOKED': {
      const verb = { ADMIN_APPROVED: 'approved', ADMIN_REJECTED: 'rejected', ADMIN_REVOKED: 'revoked' }[kind]
      return {
        text: withReason(`${actor} ${verb} the admin ${personWords(names, row.targetId)}`, text(details.notes), 'notes'),
        link: adminLink(names, row.targetId),
      }
    }
    case 'ADMIN_CODE_SENT':
      return { text: `${actor} sent an admin registration code to ${row.targetId}`, link: null }
    case 'SUPER_ADMIN_CREATED':
      return { text: `${actor} created the super admin ${personWords(names, row.targetId)}`, link: adminLink(names, row.targetId) }
    case 'PLAN_REFUNDED': {
      const amount = typeof details.amountCents === 'number' ? formatDollars(details.amountCents) : 'an amount'
      const order = text(details.confirmationNumber)
      const member = typeof details.userId === 'string' ? details.userId : null
      return onUser(
        `${actor} refunded ${amount} of the plan of ${personWords(names, member)}${order ? ` (order ${order})` : ''}`,
        member ?? '',
      )
    }
    case 'PLAN_REFUND_REQUESTED': {
      const amount = typeof details.amountCents === 'number' ? formatDollars(details.amountCents) : 'an amount'
      return onUser(`${actor} asked for the refund of ${amount} of their plan`, typeof details.userId === 'string' ? details.userId : '')
    }
    // The payment provider's news (docs/decisions/028): no one signed in acted, so no actor is named.
    case 'KEYCODE_REFUNDED_AT_PROVIDER':
      return onOrder(`${orderWords(names, row.targetId)} was refunded ${amountWords(details)} in the payment provider's dashboard`)
    case 'REFUND_FAILED_AT_PROVIDER':
      return onOrder(
        withReason(`The payment provider reported the refund of ${orderWords(names, row.targetId)} failed`, text(details.failureReason)),
      )
    case 'PROVIDER_REFUND_UNMATCHED': {
      const unmatched = typeof details.unmatchedCents === 'number' ? formatDollars(details.unmatchedCents) : 'an amount'
      const order = text(details.confirmationNumber)
      return {
        text: `${unmatched} refunded in the payment provider's dashboard on order ${order ?? 'of a removed checkout'} matches no whole keycode line; check it by hand`,
        link: order ? { kind: 'order', search: order, label: order } : null,
      }
    }
    case 'PAYMENT_DISPUTED':
    case 'DISPUTE_CLOSED': {
      const member = text(details.userId)
      const whose = member ? personWords(names, member) : 'a guest'
      const sentence =
        kind === 'PAYMENT_DISPUTED'
          ? withReason(
              `The card issuer of ${whose} disputed ${amountWords(details)}${text(details.confirmationNumber) ? ` of order ${details.confirmationNumber}` : ''}${details.releasedBefore === true ? ' after a keycode was released' : ''}`,
              text(details.reason),
            )
          : `The dispute of ${whose} closed: ${details.status === 'LOST' ? 'lost, the money went back to the buyer' : 'won, the payment stands'}`
      return member ? onUser(sentence, member) : { text: sentence, link: null }
    }
    case 'DISPUTE_REVIEW_CLEARED':
      return onUser(
        `${actor} cleared the dispute review of ${personWords(names, row.targetId)}${text(details.confirmationNumber) ? ` (order ${details.confirmationNumber})` : ''}`,
      )
    // docs/decisions/035: a member closes their own account; an admin closes one with a reason; the owner restores it
    // from the mailed link; a super admin purges one at once, after which the account has no name left to show.
    case 'ACCOUNT_CLOSED':
      return onUser(
        row.actorId === row.targetId
          ? `${actor} closed their account`
          : withReason(`${actor} closed the account of ${personWords(names, row.targetId)}`, text(details.reason)),
      )
    case 'ACCOUNT_RESTORED':
      return onUser(`${actor} restored their account from the link mailed at closing`)
    case 'ACCOUNT_PURGED':
      return onUser(
        withReason(
          `${actor} deleted ${names.people.has(row.targetId) ? `the account of ${personWords(names, row.targetId)}` : 'an account'} at once, on its owner's verified request; its paid orders stay under a pseudonym`,
          text(details.reason),
        ),
      )
    case 'DATA_ARCHIVE_DOWNLOADED':
      return onUser(
        row.actorId === row.targetId
          ? `${actor} downloaded their data archive`
          : withReason(`${actor} downloaded the data archive of ${personWords(names, row.targetId)}`, text(details.reason)),
      )
    // docs/decisions/039: an Enterprise business's team; details.userId is the business (its owner's account).
    case 'TEAM_LOCATION_CREATED':
    case 'TEAM_LOCATION_REMOVED': {
      const verb = kind === 'TEAM_LOCATION_CREATED' ? 'created' : 'removed'
      const business = text(details.userId)
      return onUser(
        `${actor} ${verb} the location ${text(details.locationName) ?? 'without a name'} of ${businessWords(names, business)}`,
        business ?? '',
      )
    }
    case 'TEAM_INVITATION_SENT':
    case 'TEAM_INVITATION_WITHDRAWN': {
      const business = text(details.userId)
      const invitee = `${text(details.email) ?? 'an e-mail address'} as ${roleWords(details.role)}`
      const where = text(details.locationName) ? ` at ${details.locationName}` : ''
      return onUser(
        kind === 'TEAM_INVITATION_SENT'
          ? `${actor} invited ${invitee}${where} to the team of ${businessWords(names, business)}`
          : `${actor} withdrew the invitation of ${invitee} to the team of ${businessWords(names, business)}`,
        business ?? '',
      )
    }
    case 'TEAM_JOINED':
      return onUser(
        `${actor} joined the team of ${businessWords(names, text(details.userId))} as ${roleWords(details.role)}${text(details.locationName) ? ` at ${details.locationName}` : ''}`,
      )
    case 'TEAM_MEMBER_CHANGED': {
      const where = Array.isArray(details.locationNames) ? details.locationNames.map(String).join(', ') : ''
      const was = details.previousRole && details.previousRole !== details.role ? ` (was ${roleWords(details.previousRole)})` : ''
      return onUser(
        `${actor} made ${personWords(names, row.targetId)} ${roleWords(details.role)}${was} at ${where || 'no location'} in the team of ${businessWords(names, text(details.userId))}`,
      )
    }
    case 'TEAM_MEMBER_REMOVED':
      return onUser(
        `${actor} removed ${personWords(names, row.targetId)}, ${roleWords(details.role)}, from the team of ${businessWords(names, text(details.userId))}${details.withLocation === true ? ` with the location ${text(details.locationName) ?? ''}` : ''}; every session of theirs ended`,
      )
    case 'RELEASES_EXPORTED':
      return { text: `${actor} exported the releases of ${row.targetId.replace('..', ' to ')}`, link: null }
    case 'ACTION_LOG_EXPORTED':
      return { text: `${actor} exported the action log${text(details.filter) ? ` (${details.filter})` : ''}`, link: null }
    default:
      return { text: `${actor}: ${actionKindLabel(kind)} (${row.targetType} ${row.targetId})`, link: null }
  }
}

/** One entry of the readable log (GET /admin/action-log and its CSV). */
export function describeEntry(row: LogRow, names: Names): ActionLogEntry {
  const kind = kindOf(row)
  const actorName = personName(names, row.actorId)
  const actorWords = actorName ?? (row.actorId === null ? 'A guest' : 'A removed account')
  const { text: sentence, link } = sentenceOf(row, names, actorWords)
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind,
    kindLabel: actionKindLabel(kind),
    actor: row.actorId && actorName ? { id: row.actorId, name: actorName } : null,
    text: sentence,
    link,
  }
}

/** The ids a page of entries names, so each kind of name is read once for the whole page. */
export function idsNamedBy(rows: LogRow[]) {
  const people = new Set<string>()
  const orders = new Set<string>()
  const documents = new Set<string>()
  for (const row of rows) {
    if (row.actorId) people.add(row.actorId)
    if (row.targetType === 'vehicle_request') orders.add(row.targetId)
    if (row.targetType === 'user') people.add(row.targetId)
    if (row.targetType === 'compliance_document') documents.add(row.targetId)
    if (typeof row.details.userId === 'string') people.add(row.details.userId)
  }
  return { people: [...people], orders: [...orders], documents: [...documents] }
}
