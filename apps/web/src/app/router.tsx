import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import type { Role } from '@keydesk/contracts/roles'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { AdminSignedOutNotice } from '../features/admin/components/admin-signed-out-notice.tsx'
import { SessionProvider } from '../features/session/session-provider.tsx'
import { paths } from '../lib/paths.ts'
import { ErrorScreen, type ErrorSection } from './error-screen.tsx'
import { RequireAuth, RequireRole } from './guards.tsx'
import { AppLayout } from './layouts/app-layout.tsx'
import { lazyPage } from './lazy-page.ts'

// Every page loads on its first visit (see lazy-page.ts), so a visitor downloads the layout and the page they open.
const HomePage = lazyPage(() => import('../features/home/pages/home-page.tsx'), 'HomePage')
const UserDashboardPage = lazyPage(() => import('../features/user-dashboard/pages/user-dashboard-page.tsx'), 'UserDashboardPage')
const AdminLoginPage = lazyPage(() => import('../features/auth/pages/admin-login-page.tsx'), 'AdminLoginPage')
const AdminRegisterPage = lazyPage(() => import('../features/auth/pages/admin-register-page.tsx'), 'AdminRegisterPage')
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage')
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page.tsx'), 'RegisterPage')
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage')
const RestoreAccountPage = lazyPage(() => import('../features/auth/pages/restore-account-page.tsx'), 'RestoreAccountPage')
const BulkOrderPage = lazyPage(() => import('../features/bulk-order/pages/bulk-order-page.tsx'), 'BulkOrderPage')
const JobsPage = lazyPage(() => import('../features/jobs/pages/jobs-page.tsx'), 'JobsPage')
const TeamPage = lazyPage(() => import('../features/team/pages/team-page.tsx'), 'TeamPage')
const JoinTeamPage = lazyPage(() => import('../features/auth/pages/join-team-page.tsx'), 'JoinTeamPage')
const CartPage = lazyPage(() => import('../features/cart/pages/cart-page.tsx'), 'CartPage')
const MembershipPage = lazyPage(() => import('../features/membership/pages/membership-page.tsx'), 'MembershipPage')
const TrialDetailsPage = lazyPage(() => import('../features/membership/pages/trial-details-page.tsx'), 'TrialDetailsPage')
const KeycodeRequestPage = lazyPage(() => import('../features/ordering/pages/keycode-request-page.tsx'), 'KeycodeRequestPage')
const PaymentCancelPage = lazyPage(() => import('../features/payments/pages/payment-cancel-page.tsx'), 'PaymentCancelPage')
const PaymentSuccessPage = lazyPage(() => import('../features/payments/pages/payment-success-page.tsx'), 'PaymentSuccessPage')
const PricingPage = lazyPage(() => import('../features/pricing/pages/pricing-page.tsx'), 'PricingPage')
const RequirementsPage = lazyPage(() => import('../features/requirements/pages/requirements-page.tsx'), 'RequirementsPage')
const SupportPage = lazyPage(() => import('../features/support/pages/support-page.tsx'), 'SupportPage')
const SupportReplyPage = lazyPage(() => import('../features/support-inbox/pages/support-reply-page.tsx'), 'SupportReplyPage')
const MySupportPage = lazyPage(() => import('../features/support-inbox/pages/my-support-page.tsx'), 'MySupportPage')
const SupportInboxPage = lazyPage(() => import('../features/support-inbox/pages/support-inbox-page.tsx'), 'SupportInboxPage')
const AboutPage = lazyPage(() => import('../features/policies/pages/policy-pages.tsx'), 'AboutPage')
const MembershipCancellationPage = lazyPage(() => import('../features/policies/pages/policy-pages.tsx'), 'MembershipCancellationPage')
const PrivacyPolicyPage = lazyPage(() => import('../features/policies/pages/policy-pages.tsx'), 'PrivacyPolicyPage')
const RefundPolicyPage = lazyPage(() => import('../features/policies/pages/policy-pages.tsx'), 'RefundPolicyPage')
const ServicesPage = lazyPage(() => import('../features/policies/pages/policy-pages.tsx'), 'ServicesPage')
const SimplifiedTermsPage = lazyPage(() => import('../features/policies/pages/policy-pages.tsx'), 'SimplifiedTermsPage')
const TermsOfUsagePage = lazyPage(() => import('../features/policies/pages/policy-pages.tsx'), 'TermsOfUsagePage')
const AdminDashboardPage = lazyPage(() => import('../features/admin/pages/admin-dashboard-page.tsx'), 'AdminDashboardPage')
const RegisteredUsersPage = lazyPage(() => import('../features/admin/pages/registered-users-page.tsx'), 'RegisteredUsersPage')
const ProblemReportsPage = lazyPage(() => import('../features/admin/pages/problem-reports-page.tsx'), 'ProblemReportsPage')
const UserHistoryPage = lazyPage(() => import('../features/admin/pages/user-history-page.tsx'), 'UserHistoryPage')
const SuperAdminPage = lazyPage(() => import('../features/super-admin/pages/super-admin-page.tsx'), 'SuperAdminPage')
const ActionLogPage = lazyPage(() => import('../features/super-admin/pages/action-log-page.tsx'), 'ActionLogPage')
const DocumentValidationPage = lazyPage(() => import('../features/admin/pages/document-validation-page.tsx'), 'DocumentValidationPage')
const KeycodesPage = lazyPage(() => import('../features/portals/pages/keycodes-page.tsx'), 'KeycodesPage')
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage')
const UserProfilePage = lazyPage(() => import('../features/user-profile/pages/user-profile-page.tsx'), 'UserProfilePage')
const OrderLinkPage = lazyPage(() => import('../features/order-link/pages/order-link-page.tsx'), 'OrderLinkPage')
const DevMailboxPage = lazyPage(() => import('../features/dev-mailbox/pages/dev-mailbox-page.tsx'), 'DevMailboxPage')

const adminRoles: Role[] = ['ADMIN', 'SUPER_ADMIN']
const adminOnly = (page: React.ReactNode) => (
  <RequireRole roles={adminRoles} deniedMessage={AUTH_MESSAGES.adminAccessDenied}>
    {page}
  </RequireRole>
)
const superAdminOnly = (page: React.ReactNode) => (
  <RequireRole roles={['SUPER_ADMIN']} deniedMessage={AUTH_MESSAGES.adminAccessDenied} signedOut={<AdminSignedOutNotice isSuperAdmin />}>
    {page}
  </RequireRole>
)
const signedIn = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>
// Bulk ordering is a member's: the API answers no other role.
const memberOnly = (page: React.ReactNode) => <RequireRole roles={['BASEUSER']}>{page}</RequireRole>

/**
 * One error boundary per section: a page that fails shows the error inside the site's frame, with a way back to
 * that section's start, and the other sections keep working. The root boundary stays for a failing frame.
 */
const section = (name: ErrorSection, children: RouteObject[]): RouteObject => ({ errorElement: <ErrorScreen section={name} />, children })

export const routes: RouteObject[] = [
  {
    element: (
      <SessionProvider>
        <AppLayout />
      </SessionProvider>
    ),
    errorElement: <ErrorScreen />,
    children: [
      section('public', [
        { index: true, element: <HomePage /> },
        // Accounts (web: accounts screens)
        { path: paths.login, element: <LoginPage /> },
        { path: paths.adminLogin, element: <AdminLoginPage /> },
        { path: paths.adminRegister, element: <AdminRegisterPage /> },
        { path: paths.register, element: <RegisterPage /> },
        { path: paths.resetPassword, element: <ResetPasswordPage /> },
        { path: paths.restoreAccount, element: <RestoreAccountPage /> },
        { path: paths.joinTeam, element: <JoinTeamPage /> },
        // Public pages
        { path: paths.pricing, element: <PricingPage /> },
        { path: paths.about, element: <AboutPage /> },
        { path: paths.services, element: <ServicesPage /> },
        { path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
        { path: paths.termsOfService, element: <TermsOfUsagePage /> },
        { path: paths.tos, element: <SimplifiedTermsPage /> },
        { path: paths.refundPolicy, element: <RefundPolicyPage /> },
        { path: paths.membershipCancellation, element: <MembershipCancellationPage /> },
        { path: paths.requirements, element: <RequirementsPage /> },
        { path: paths.support, element: <SupportPage /> },
        { path: paths.supportReply, element: <SupportReplyPage /> },
        // Ordering (guests may request keycodes and keep a cart, docs/product.md, 'Overview and roles')
        { path: paths.vehicleKeycodeRequest, element: <KeycodeRequestPage /> },
        { path: paths.cart, element: <CartPage /> },
        { path: paths.orderLink, element: <OrderLinkPage /> },
        { path: paths.devMailbox, element: <DevMailboxPage /> },
        // Payments and membership (visitors see the plans; choosing one sends them to /login, docs/product.md, 'Screens and routes (web)')
        { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
        { path: paths.paymentCancel, element: <PaymentCancelPage /> },
        { path: paths.subscriptions, element: <MembershipPage /> },
        { path: paths.subscription, element: <MembershipPage /> },
        { path: paths.membership, element: <MembershipPage /> },
        { path: paths.trialDetails, element: <TrialDetailsPage /> },
        // docs/product.md, 'Screens and routes (web)': any unknown path shows home.
        { path: '*', element: <HomePage /> },
      ]),
      section('member', [
        { path: paths.profile, element: signedIn(<ProfilePage />) },
        { path: paths.userProfile, element: signedIn(<UserProfilePage />) },
        { path: paths.userDash, element: signedIn(<UserDashboardPage />) },
        { path: paths.dashboard, element: signedIn(<UserDashboardPage />) },
        { path: paths.bulkOrder, element: memberOnly(<BulkOrderPage />) },
        { path: paths.jobs, element: memberOnly(<JobsPage />) },
        { path: paths.team, element: memberOnly(<TeamPage />) },
        { path: paths.mySupport, element: memberOnly(<MySupportPage />) },
      ]),
      section('admin', [
        {
          path: paths.admin,
          element: (
            <RequireRole roles={adminRoles} deniedMessage={AUTH_MESSAGES.adminAccessDenied} signedOut={<AdminSignedOutNotice />}>
              <AdminDashboardPage />
            </RequireRole>
          ),
        },
        { path: paths.keycodes, element: adminOnly(<KeycodesPage />) },
        { path: paths.superAdmin, element: superAdminOnly(<SuperAdminPage />) },
        { path: paths.actionLog, element: superAdminOnly(<ActionLogPage />) },
        { path: paths.registeredUsers, element: adminOnly(<RegisteredUsersPage />) },
        { path: paths.problemReports, element: adminOnly(<ProblemReportsPage />) },
        { path: paths.supportInbox, element: adminOnly(<SupportInboxPage />) },
        { path: paths.documentValidation, element: adminOnly(<DocumentValidationPage />) },
        { path: paths.userHistory, element: adminOnly(<UserHistoryPage />) },
      ]),
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
