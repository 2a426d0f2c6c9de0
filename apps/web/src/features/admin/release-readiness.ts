import type { AdminRequest } from '@keydesk/contracts/admin'
import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { type ReleaseRequester, releaseHold, releaseRefusal } from '@keydesk/contracts/release-gate'

/**
 * What the release gate (docs/decisions/013 and 028) will do with this order, read from what the queue answers, in
 * the gate's own order: `held` when no reason releases it (no one to receive the code, a revoked account, a dispute),
 * `asks` when Submit must first ask for a guest's identity check or a reason (an unvalidated member), else `clear`.
 */
export type ReleaseReadiness = { kind: 'held'; refusal: string } | { kind: 'asks' } | { kind: 'clear' }

/** The order's buyer as the queue answers it, in the gate's terms. */
const requesterOf = (request: AdminRequest): ReleaseRequester => ({
  isGuest: request.isGuest,
  accountValidated: request.isValidatedUser,
  accountActive: request.accountState !== 'REVOKED',
  hasRecipient: !(request.isGuest && request.checkoutEmail === null),
  disputeHold: request.disputeHold ?? null,
  business: request.business ? { active: request.business.active, validated: request.business.validated } : null,
})

/** Asks the server's own gate (contracts/release-gate.ts): held, asks for a check or a reason, or clear. */
export function releaseReadiness(request: AdminRequest): ReleaseReadiness {
  const requester = requesterOf(request)
  const hold = releaseHold(requester)
  if (hold) return { kind: 'held', refusal: hold }
  return releaseRefusal(requester, {}) ? { kind: 'asks' } : { kind: 'clear' }
}

export interface OrderVerdict {
  tone: ReleaseReadiness['kind']
  /** e.g. 'Buyer validated · 4 of 4 documents approved', or what is missing after it. */
  text: string
}

/**
 * The order panel's first line: the release gate's readiness, then how the member's documents stand, naming each one
 * not yet approved by its state. A held order is its refusal; a guest's identity is checked at the release itself.
 */
export function orderVerdict(request: AdminRequest): OrderVerdict {
  const readiness = releaseReadiness(request)
  if (readiness.kind === 'held') return { tone: 'held', text: readiness.refusal }
  if (request.isGuest) return { tone: readiness.kind, text: 'Guest · identity to check against the licence photos at release' }
  const account = request.isValidatedUser ? 'Buyer validated' : 'Buyer not validated'
  const { documents } = request
  if (documents.length === 0) return { tone: readiness.kind, text: `${account} · no documents on file` }
  const approved = documents.filter((document) => document.verified === true).length
  const missing = documents
    .filter((document) => document.verified !== true)
    .map((document) => `${documentLabel(document.docType)} ${reviewStateLabel(document.verified)}`)
  return { tone: readiness.kind, text: [account, `${approved} of ${documents.length} documents approved`, ...missing].join(' · ') }
}
