import type { UserView } from '@keydesk/contracts/auth'

/** A signed-in user as GET /auth/me answers it, for component tests; override what the test is about. */
export function testUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    fname: 'Dana',
    lname: 'Locke',
    email: 'dana@locke-keys.example',
    phone: '555-0100',
    role: 'BASEUSER',
    state: 'Texas',
    company: null,
    isActive: true,
    isValidatedUser: false,
    trialEndsAt: null,
    subscription: { tier: 'NONE', status: 'INACTIVE', trial: false, trialEndsAt: null, activated: false },
    ...overrides,
  }
}
