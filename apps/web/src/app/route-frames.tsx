import { PageFrame } from '../components/ui/page-frame.tsx'
import { paths } from './paths.ts'

/** Screens that exist elsewhere already: home, the accounts screens and the keycode portals. */
type BuiltPath = '/' | '/login' | '/admin-login' | '/admin-register' | '/register' | '/reset-password' | '/keycodes'
type FramedPath = Exclude<(typeof paths)[keyof typeof paths], BuiltPath>

/**
 * The title and purpose of every screen of spec 2.1, so each route shows a real, titled page while
 * the team that owns it builds the screen. A team replaces `<RouteFrame path={...} />` in router.tsx
 * with its page.
 */
const frames: Record<FramedPath, { title: string; description: string }> = {
  [paths.cart]: { title: 'Cart', description: 'Your keycode requests, subscription status and order summary.' },
  [paths.paymentSuccess]: { title: 'Payment Successful', description: 'Your order confirmation and next steps.' },
  [paths.paymentCancel]: { title: 'Payment Cancelled', description: 'No charges were made and your cart items remain.' },
  [paths.vehicleKeycodeRequest]: {
    title: 'Request a Vehicle Keycode',
    description: 'Choose the make, model and year, enter the VIN and add the request to your cart.',
  },
  [paths.subscriptions]: { title: 'Membership Plans', description: 'Monthly or annual membership with discounts on every keycode.' },
  [paths.subscription]: { title: 'Membership Plans', description: 'Monthly or annual membership with discounts on every keycode.' },
  [paths.membership]: { title: 'Membership Plans', description: 'Monthly or annual membership with discounts on every keycode.' },
  [paths.profile]: { title: 'Profile', description: 'Your profile, subscription, orders, credentials and security settings.' },
  [paths.userProfile]: { title: 'Update Profile', description: 'Update your name, phone, state and documents.' },
  [paths.userDash]: { title: 'User Dashboard', description: 'Your keycode requests: pending, in progress and fulfilled.' },
  [paths.dashboard]: { title: 'User Dashboard', description: 'Your keycode requests: pending, in progress and fulfilled.' },
  [paths.admin]: { title: 'Admin Dashboard', description: 'Pending and in-progress requests, transactions and subscriptions.' },
  [paths.superAdmin]: { title: 'Super Admin Dashboard', description: 'Approve admins, send registration codes and create super admins.' },
  [paths.registeredUsers]: { title: 'Registered Users', description: 'Validate or revoke users and keep notes on them.' },
  [paths.documentValidation]: { title: 'Document Validation', description: "Review each user's compliance documents." },
  [paths.userHistory]: { title: 'User History', description: "Look up a user's transactions by e-mail." },
  [paths.support]: { title: 'Support', description: 'Send us a message; we aim to answer within 24 hours.' },
  [paths.requirements]: { title: 'State Requirements', description: 'The documents your state requires before you order keycodes.' },
  [paths.trialDetails]: { title: 'Free Trial Details', description: 'Three days of premium access, free, with no automatic charge.' },
  [paths.pricing]: { title: 'Keycode Pricing', description: 'Non-member and member prices for every manufacturer.' },
  [paths.about]: { title: 'About', description: 'Professional vehicle keycode lookup services for the US and Canada.' },
  [paths.services]: { title: 'Services', description: 'Keycode and PIN code lookups for automotive professionals.' },
  [paths.privacyPolicy]: { title: 'Privacy Policy', description: 'How we collect, use and keep your information.' },
  [paths.termsOfService]: { title: 'Terms of Usage', description: 'The terms for using Keydesk.' },
  [paths.tos]: { title: 'Terms of Service', description: 'The terms of service in short.' },
  [paths.refundPolicy]: { title: 'Refund Policy', description: 'When refunds are given and how long they take.' },
  [paths.membershipCancellation]: {
    title: 'Membership Cancellation Policy',
    description: 'How cancelling a monthly or annual membership works.',
  },
}

export function RouteFrame({ path }: { path: FramedPath }) {
  const { title, description } = frames[path]
  return <PageFrame title={title} description={description} />
}
