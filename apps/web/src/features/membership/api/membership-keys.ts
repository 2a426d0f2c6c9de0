/** Every query key of the membership screens, from one place; a payment invalidates `membershipKeys.all`. */
export const membershipKeys = {
  all: ['membership'] as const,
  trialStatus: () => ['membership', 'trial-status'] as const,
  subscription: () => ['membership', 'subscription'] as const,
}
