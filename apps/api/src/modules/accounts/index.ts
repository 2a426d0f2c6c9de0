/**
 * The accounts context's public surface (who someone is: accounts, sign-in and sessions, credentials): everything
 * another context may import from it, and nothing else (docs/architecture.md, 'Contexts'). Modules of this context
 * import each other directly, never this file.
 */
export { assertAccountMayBeDeleted, assertActingSuperAdmin } from './admin-approval/service.ts'
export { clearSessionCookies } from './auth/cookies.ts'
export { announceSessionsEnded, endAllSessions } from './auth/end-sessions.ts'
export { listDocumentRowsForArchive } from './credentials/archive-repository.ts'
export {
  countDocumentReviews,
  countDocuments,
  documentSummariesOf,
  findDocumentOwners,
  listIdentityDocuments,
  setDocumentReview,
} from './credentials/repository.ts'
export { listDocumentsWithReviewer, saveMemberDocuments } from './credentials/service.ts'
export { anySuperAdminExists, findUserByEmail, findUserById, insertUser, insertUserUnlessEmailTaken } from './members/account-repository.ts'
export {
  accountIdsMatching,
  accountNames,
  type BusinessUserChange,
  deleteUser,
  listBackOfficeAccounts,
  listBusinessUsers,
  type PersonSearch,
  personSearchOf,
  updateBusinessUser,
} from './members/admin-views-repository.ts'
export { readAccountRowsForArchive } from './members/archive-repository.ts'
export { breachedPasswordProblem } from './members/breached-passwords.ts'
export { listAccountsClosedBefore, lockAccountToPurge, markAccountClosed, reopenAccount } from './members/closure-repository.ts'
export { findReceiptBuyer, findUserEmail, findUserNames, isUserValidated, updateUserContact } from './members/contact-repository.ts'
export {
  clearSubscriptionTiers,
  lockSubscriptionTier,
  lockUsers,
  setSubscriptionTier,
  startTrialOnce,
} from './members/membership-repository.ts'
export { hashPassword } from './members/passwords.ts'
export { toUserView } from './members/user-view.ts'
export { listPasskeysForArchive } from './passkeys/archive-repository.ts'
export { pageLoginHistoryForArchive } from './security/archive-repository.ts'
export { OWNER_PROOF_RATE_LIMIT } from './security/owner-proof.ts'
export { proveOwner } from './security/prove-owner.ts'
export { listSessionRowsForArchive } from './sessions/archive-repository.ts'
export {
  listTeamAssignmentRowsForArchive,
  listTeamLocationRowsForArchive,
  listTeamMembershipRowsForArchive,
} from './teams/archive-repository.ts'
export {
  assertMayOrderFor,
  findBusinessForRelease,
  findBusinessNames,
  findBusinessSummaries,
  findLocationNames,
  findMemberAccess,
  findTeamScope,
  isOnTeam,
  locationNameOf,
  type OrderPlace,
  orderPlaceFor,
  orderReachableBy,
  type TeamScope,
} from './teams/ordering.ts'
