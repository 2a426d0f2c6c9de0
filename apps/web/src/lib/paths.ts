/** Every route of docs/product.md, 'Screens and routes (web)', in one place. */
export const paths = {
  home: '/',
  login: '/login',
  adminLogin: '/admin-login',
  adminRegister: '/admin-register',
  register: '/register',
  resetPassword: '/reset-password',
  /** The link mailed when an account closes (docs/decisions/035). */
  restoreAccount: '/restore-account',
  cart: '/cart',
  paymentSuccess: '/payment-success',
  paymentCancel: '/payment-cancel',
  vehicleKeycodeRequest: '/vehicle-keycode-request',
  /** A batch of vehicles checked and added to the cart at once (Professional and Enterprise members). */
  bulkOrder: '/bulk-order',
  subscriptions: '/subscriptions',
  subscription: '/subscription',
  membership: '/membership',
  profile: '/profile',
  userProfile: '/user-profile',
  userDash: '/user-dash',
  /** An Enterprise business's team: locations, people, invitations and the business's orders (docs/decisions/039). */
  team: '/team',
  /** The invitation link mailed to a future team member. */
  joinTeam: '/join-team',
  /** The member's job records, searched by customer, phone, plate, VIN or confirmation number. */
  jobs: '/jobs',
  dashboard: '/dashboard',
  admin: '/admin',
  superAdmin: '/super-admin',
  /** The action log in words, filtered and exported (super admins). */
  actionLog: '/super-admin/action-log',
  registeredUsers: '/admin/registered-users',
  /** Buyers' problem reports, answered by the policy's review clock. */
  problemReports: '/admin/problem-reports',
  /** Every contact message and chat by its answer deadline (docs/decisions/034). */
  supportInbox: '/admin/support',
  documentValidation: '/admin/document-validation',
  userHistory: '/admin/user-history',
  keycodes: '/keycodes',
  support: '/support',
  /** A member's support conversations, and a visitor's by the link in support's answer mail. */
  mySupport: '/user/support',
  supportReply: '/support/reply',
  requirements: '/requirements',
  trialDetails: '/trial-details',
  pricing: '/pricing',
  about: '/about',
  services: '/services',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  tos: '/tos',
  refundPolicy: '/refund-policy',
  membershipCancellation: '/membership-cancellation',
  /** A guest's order (decision 013) by the link in their mail, and the development mailbox. */
  orderLink: '/order-link',
  devMailbox: '/dev/mailbox',
} as const

/** The profile opened on one of its tabs: `billingPage` is Profile › Subscription, the member's one billing page. */
/** The contact form opened about one of the member's orders (docs/decisions/034): the order is attached to the message. */
export const supportAboutOrder = (requestId: string) => `${paths.support}?${new URLSearchParams({ order: requestId })}`

export const profileTabPath = (tab: 'subscription' | 'orders' | 'credentials' | 'security') => `${paths.profile}?tab=${tab}`
export const billingPage = profileTabPath('subscription')
