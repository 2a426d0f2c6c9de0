import type { TrialStatus } from '@keydesk/contracts/subscription'

/** GET /trial/status of someone who never had a trial; override what the test is about. */
export function testTrialStatus(overrides: Partial<TrialStatus> = {}): TrialStatus {
  return {
    hasTrial: false,
    isActive: false,
    remainingDays: 0,
    trialEndsAt: null,
    hasPremiumAccess: false,
    accessType: 'none',
    trialTier: null,
    ...overrides,
  }
}
