/**
 * What a member's data archive holds (docs/decisions/037), table by table: each table that holds a member's data is
 * either archived, in one part of the zip, with every column named as shown, opened (sealed at rest, decrypted for
 * the owner) or withheld with the reason, or not archived, with the reason. Keys are the tables' SQL names, columns
 * their Drizzle names (the archive's JSON keys). sections.test.ts holds this to the schema: a table linked to an
 * account that is named in neither list, or a column of an archived table that is named nowhere, fails it.
 */

export interface ArchivedTable {
  /** The zip entry its rows go to. */
  part: string
  shown: readonly string[]
  /** Sealed columns, decrypted into the named key. */
  opened?: Readonly<Record<string, string>>
  withheld: Readonly<Record<string, string>>
  /** Read a page at a time: a member may hold thousands of these rows. */
  paged?: true
}

const SAME_ACCOUNT = "the member's own account id, the archive's owner"
const AN_ADMIN = 'the account of the admin who acted: data about that admin, not the member'

export const ARCHIVED_TABLES = {
  users: {
    part: 'profile.json',
    shown: [
      'id',
      'email',
      'fname',
      'lname',
      'phone',
      'company',
      'state',
      'role',
      'isActive',
      'isValidatedUser',
      'adminApproval',
      'adminApprovalNotes',
      'adminNotes',
      'subscriptionTier',
      'trialEndsAt',
      'trialTier',
      'keycodesByEmail',
      'closedAt',
      'createdAt',
      'updatedAt',
    ],
    withheld: {
      passwordHash: 'a secret: the hash of the password',
      restoreTokenHash: 'a secret: the digest of the restore link mailed at closing',
      sessionVersion: 'a counter that ends every session when it moves, meaningless outside Keydesk',
    },
  },
  member_profiles: {
    part: 'profile.json',
    shown: [
      'address',
      'city',
      'zipCode',
      'profilePhotoFileId',
      'companyLogoFileId',
      'twoFactorEnabled',
      'totpLastUsedStep',
      'secondFactorFailures',
      'secondFactorWindowStart',
      'secondFactorBlockedUntil',
      'updatedAt',
    ],
    withheld: {
      userId: SAME_ACCOUNT,
      totpSecretSealed: "a secret: the authenticator app's key",
      totpPendingSecretSealed: "a secret: an authenticator app's key not yet confirmed",
      recoveryCodeHashes: 'secrets: the digests of the recovery codes',
      fingerprintEnabled: 'read by nothing since passkeys decide Fingerprint sign-in (decision 022)',
    },
  },
  sessions: {
    part: 'sessions.json',
    shown: [
      'id',
      'device',
      'ipAddress',
      'timeZone',
      'startedAt',
      'lastSeenAt',
      'expiresAt',
      'endedAt',
      'endedReason',
      'signedInWithPasskey',
      'passkeyId',
    ],
    withheld: { userId: SAME_ACCOUNT },
  },
  login_history: {
    part: 'sign-ins.json',
    shown: ['id', 'signedInAt', 'ipAddress', 'userAgent'],
    withheld: { userId: SAME_ACCOUNT },
    paged: true,
  },
  passkeys: {
    part: 'passkeys.json',
    shown: ['id', 'name', 'transports', 'backedUp', 'createdAt', 'lastUsedAt'],
    withheld: {
      userId: SAME_ACCOUNT,
      credentialId: 'key material: the credential id a browser signs in with',
      publicKey: 'key material: the public key that checks the passkey',
      counter: "key material: the authenticator's signature counter",
    },
  },
  files: {
    part: 'files.json',
    shown: ['id', 'contentType', 'sizeBytes', 'purpose', 'createdAt'],
    withheld: {
      ownerUserId: SAME_ACCOUNT,
      storageKey: "where the bytes lie in Keydesk's storage: the bytes themselves are in the archive, at each file's path",
      guestId: "a guest's upload only: an account's file has none",
      uploaderAddress: "a guest's upload only: an account's file has none",
    },
  },
  compliance_documents: {
    part: 'documents.json',
    shown: ['id', 'fileId', 'docType', 'verified', 'uploadedAt', 'reviewNotes', 'reviewedAt'],
    withheld: { userId: SAME_ACCOUNT, reviewedBy: AN_ADMIN },
  },
  notices: {
    part: 'notices.json',
    shown: ['id', 'title', 'message', 'createdAt'],
    withheld: { userId: SAME_ACCOUNT },
  },
  chat_messages: {
    part: 'chat.json',
    shown: ['id', 'sender', 'message', 'conversationId', 'createdAt'],
    withheld: { userId: SAME_ACCOUNT, authorId: AN_ADMIN },
    paged: true,
  },
  support_conversations: {
    part: 'support-conversations.json',
    shown: [
      'id',
      'channel',
      'guestName',
      'guestEmail',
      'subject',
      'vehicleRequestId',
      'plan',
      'state',
      'firstAnswerDueAt',
      'answerDueAt',
      'firstAnsweredAt',
      'lastMessageAt',
      'createdAt',
    ],
    withheld: {
      userId: SAME_ACCOUNT,
      handlerId: AN_ADMIN,
      onCallAlertedAt: "when the back office's on-call admin was alerted: the back office's own working record",
    },
  },
  contact_messages: {
    part: 'contact-messages.json',
    shown: ['id', 'name', 'email', 'subject', 'message', 'conversationId', 'createdAt'],
    withheld: {},
  },
  request_batches: {
    part: 'bulk-batches.json',
    shown: ['id', 'code', 'createdAt'],
    withheld: { userId: SAME_ACCOUNT },
  },
  vehicle_requests: {
    part: 'orders.json',
    shown: [
      'id',
      'makeId',
      'model',
      'year',
      'vin',
      'status',
      'priceCents',
      'frontIdFileId',
      'backIdFileId',
      'registrationFileId',
      'licenseFrontFileId',
      'licenseBackFileId',
      'paidAt',
      'paidPriceCents',
      'servicePlan',
      'dueAt',
      'keyBlank',
      'transponder',
      'startedAt',
      'fulfilledAt',
      'refundHeldAt',
      'batchId',
      'batchPosition',
      'reference',
      'businessId',
      'locationId',
      'createdAt',
      'updatedAt',
    ],
    opened: { keycodeEncrypted: 'keycode', pincodeEncrypted: 'pincode' },
    withheld: {
      userId: SAME_ACCOUNT,
      guestId: "a guest's order only: an account's order has none",
      startedBy: AN_ADMIN,
      fulfilledBy: AN_ADMIN,
    },
    paged: true,
  },
  job_records: {
    part: 'jobs.json',
    shown: [
      'vehicleRequestId',
      'customerName',
      'customerPhone',
      'phoneDigits',
      'jobAddress',
      'plate',
      'plateKey',
      'notes',
      'createdAt',
      'updatedAt',
    ],
    withheld: { userId: SAME_ACCOUNT },
  },
  transactions: {
    part: 'payments.json',
    shown: [
      'id',
      'confirmationNumber',
      'customerEmail',
      'customerName',
      'status',
      'amountCents',
      'currency',
      'items',
      'provider',
      'providerSessionId',
      'expiresAt',
      'paymentIntentId',
      'orderStatus',
      'paidAt',
      'usesBasicDiscount',
      'servicePlan',
      'createdAt',
      'updatedAt',
    ],
    withheld: {
      userId: SAME_ACCOUNT,
      guestId: "a guest's checkout only: an account's order has none",
      buyerPseudonym: 'set only when the account is purged, and then there is no account to ask for an archive',
    },
    paged: true,
  },
  subscriptions: {
    part: 'plans.json',
    shown: [
      'id',
      'tier',
      'billing',
      'status',
      'startDate',
      'endDate',
      'autoRenew',
      'transactionId',
      'providerSubscriptionId',
      'refundRequestedAt',
      'createdAt',
    ],
    withheld: { userId: SAME_ACCOUNT },
  },
  plan_refunds: {
    part: 'plan-refunds.json',
    shown: [
      'id',
      'subscriptionId',
      'transactionId',
      'amountCents',
      'status',
      'provider',
      'providerRefundId',
      'attemptedAt',
      'refundedAt',
      'createdAt',
    ],
    withheld: {
      userId: SAME_ACCOUNT,
      issuedBy: AN_ADMIN,
      lastError: "the payment provider's error text, for the back office to act on",
    },
  },
  keycode_refunds: {
    part: 'keycode-refunds.json',
    shown: [
      'id',
      'vehicleRequestId',
      'transactionId',
      'amountCents',
      'reason',
      'note',
      'status',
      'provider',
      'providerRefundId',
      'attemptedAt',
      'refundedAt',
      'createdAt',
    ],
    withheld: {
      userId: SAME_ACCOUNT,
      issuedBy: AN_ADMIN,
      lastError: "the payment provider's error text, for the back office to act on",
    },
  },
  problem_reports: {
    part: 'problem-reports.json',
    shown: [
      'id',
      'vehicleRequestId',
      'reason',
      'message',
      'status',
      'reviewDueAt',
      'declineReason',
      'answerNote',
      'answeredAt',
      'createdAt',
    ],
    withheld: { userId: SAME_ACCOUNT, answeredBy: AN_ADMIN },
  },
  payment_disputes: {
    part: 'disputes.json',
    shown: [
      'id',
      'providerDisputeId',
      'transactionId',
      'amountCents',
      'reason',
      'status',
      'releasedBefore',
      'reviewClearedAt',
      'openedAt',
      'closedAt',
      'createdAt',
    ],
    withheld: { userId: SAME_ACCOUNT, reviewClearedBy: AN_ADMIN },
  },
  team_locations: {
    part: 'team-locations.json',
    shown: ['id', 'name', 'address', 'region', 'phone', 'removedAt', 'createdAt'],
    withheld: { businessId: SAME_ACCOUNT },
  },
  team_members: {
    part: 'team-membership.json',
    shown: ['businessId', 'role', 'joinedAt'],
    withheld: { userId: SAME_ACCOUNT },
  },
  team_member_locations: {
    part: 'team-assignments.json',
    shown: ['locationId'],
    withheld: { userId: SAME_ACCOUNT },
  },
  action_log: {
    part: 'activity.json',
    shown: ['id', 'action', 'targetType', 'targetId', 'details', 'createdAt'],
    withheld: { actorId: 'who acted: an admin, or the member, which each entry says as byYou' },
    paged: true,
  },
} as const satisfies Record<string, ArchivedTable>

export type ArchivedTableName = keyof typeof ARCHIVED_TABLES

/** Tables linked to an account that the archive leaves out, and why. */
export const NOT_ARCHIVED: Readonly<Record<string, string>> = {
  refresh_tokens: 'secrets: digests of the refresh tokens; the devices they belong to are in sessions.json',
  password_reset_tokens: 'secrets: digests of password-reset links, gone within the hour',
  enrolment_codes: "secrets: digests of the codes mailed to an admin's own address; a member has none",
  webauthn_challenges: 'single-use passkey challenges, gone within minutes',
  admin_registration_codes: 'codes a super admin sends to future admins: no member has any',
  support_reply_links: "secrets: digests of a visitor's reply links; a member answers from the account",
  order_links: "secrets: digests of a guest's order links; a member's orders are in orders.json",
  transaction_requests: "the links between a payment and the orders it paid, which each payment's items in payments.json already name",
  carts: 'what the member is about to buy: its keycode requests are in orders.json (paid false), a plan in it is not bought yet',
  cart_items: 'the lines of the cart: see carts',
  team_invitations:
    "the business's invitations of other people: their e-mail addresses are the invitees' data and each link is kept as a secret digest; who joined is in team-membership.json of their own archive, and each invitation sent is in activity.json",
  keycode_releases:
    "the back office's proof of a release (what the releasing admin checked): the release's time is each order's fulfilledAt and its code is in orders.json",
}
