import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import type { Role } from '@keydesk/contracts/roles'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { AdminSignedOutNotice } from '../features/admin/components/admin-signed-out-notice.tsx'
import { AdminLoginPage } from '../features/auth/pages/admin-login-page.tsx'
import { AdminRegisterPage } from '../features/auth/pages/admin-register-page.tsx'
import { LoginPage } from '../features/auth/pages/login-page.tsx'
import { RegisterPage } from '../features/auth/pages/register-page.tsx'
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.tsx'
import { CartPage } from '../features/cart/pages/cart-page.tsx'
import { HomePage } from '../features/home/pages/home-page.tsx'
import { MembershipPage } from '../features/membership/pages/membership-page.tsx'
import { TrialDetailsPage } from '../features/membership/pages/trial-details-page.tsx'
import { KeycodeRequestPage } from '../features/ordering/pages/keycode-request-page.tsx'
import { PaymentCancelPage } from '../features/payments/pages/payment-cancel-page.tsx'
import { PaymentSuccessPage } from '../features/payments/pages/payment-success-page.tsx'
import {
  AboutPage,
  MembershipCancellationPage,
  PrivacyPolicyPage,
  RefundPolicyPage,
  ServicesPage,
  SimplifiedTermsPage,
  TermsOfUsagePage,
} from '../features/policies/pages/policy-pages.tsx'
import { PricingPage } from '../features/pricing/pages/pricing-page.tsx'
import { RequirementsPage } from '../features/requirements/pages/requirements-page.tsx'
import { SessionProvider } from '../features/session/session-provider.tsx'
import { SupportPage } from '../features/support/pages/support-page.tsx'
import { ErrorScreen } from './error-screen.tsx'
import { RequireAuth, RequireRole } from './guards.tsx'
import { AppLayout } from './layouts/app-layout.tsx'
import { lazyPage } from './lazy-page.ts'
import { paths } from './paths.ts'

// Screens only signed-in users or admins reach load on first visit (see lazy-page.ts).
const UserDashboardPage = lazyPage(() => import('../features/user-dashboard/pages/user-dashboard-page.tsx'), 'UserDashboardPage')
const AdminDashboardPage = lazyPage(() => import('../features/admin/pages/admin-dashboard-page.tsx'), 'AdminDashboardPage')
const RegisteredUsersPage = lazyPage(() => import('../features/admin/pages/registered-users-page.tsx'), 'RegisteredUsersPage')
const UserHistoryPage = lazyPage(() => import('../features/admin/pages/user-history-page.tsx'), 'UserHistoryPage')
const SuperAdminPage = lazyPage(() => import('../features/super-admin/pages/super-admin-page.tsx'), 'SuperAdminPage')
const DocumentValidationPage = lazyPage(() => import('../features/admin/pages/document-validation-page.tsx'), 'DocumentValidationPage')
const KeycodesPage = lazyPage(() => import('../features/portals/pages/keycodes-page.tsx'), 'KeycodesPage')
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage')
const UserProfilePage = lazyPage(() => import('../features/user-profile/pages/user-profile-page.tsx'), 'UserProfilePage')

const adminRoles: Role[] = ['ADMIN', 'SUPER_ADMIN']
const adminOnly = (page: React.ReactNode) => (
  <RequireRole roles={adminRoles} deniedMessage={AUTH_MESSAGES.adminAccessDenied}>
    {page}
  </RequireRole>
)
const superAdminOnly = (page: React.ReactNode) => (
  <RequireRole roles={['SUPER_ADMIN']} deniedMessage={AUTH_MESSAGES.adminAccessDenied}>
    {page}
  </RequireRole>
)
const signedIn = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>

export const routes: RouteObject[] = [
  {
    element: (
      <SessionProvider>
        <AppLayout />
      </SessionProvider>
    ),
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <HomePage /> },
      // Accounts (web: accounts screens)
      { path: paths.login, element: <LoginPage /> },
      { path: paths.adminLogin, element: <AdminLoginPage /> },
      { path: paths.adminRegister, element: <AdminRegisterPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.profile, element: signedIn(<ProfilePage />) },
      { path: paths.userProfile, element: signedIn(<UserProfilePage />) },
      { path: paths.keycodes, element: adminOnly(<KeycodesPage />) },
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
      // Ordering (guests may request keycodes and keep a cart, spec 6)
      { path: paths.vehicleKeycodeRequest, element: <KeycodeRequestPage /> },
      { path: paths.cart, element: <CartPage /> },
      { path: paths.userDash, element: signedIn(<UserDashboardPage />) },
      { path: paths.dashboard, element: signedIn(<UserDashboardPage />) },
      // Payments and membership (visitors see the plans; choosing one sends them to /login, spec 2.2)
      { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
      { path: paths.paymentCancel, element: <PaymentCancelPage /> },
      { path: paths.subscriptions, element: <MembershipPage /> },
      { path: paths.subscription, element: <MembershipPage /> },
      { path: paths.membership, element: <MembershipPage /> },
      { path: paths.trialDetails, element: <TrialDetailsPage /> },
      // Back office
      {
        path: paths.admin,
        element: (
          <RequireRole roles={adminRoles} deniedMessage={AUTH_MESSAGES.adminAccessDenied} signedOut={<AdminSignedOutNotice />}>
            <AdminDashboardPage />
          </RequireRole>
        ),
      },
      { path: paths.superAdmin, element: superAdminOnly(<SuperAdminPage />) },
      { path: paths.registeredUsers, element: adminOnly(<RegisteredUsersPage />) },
      { path: paths.documentValidation, element: adminOnly(<DocumentValidationPage />) },
      { path: paths.userHistory, element: adminOnly(<UserHistoryPage />) },
      // Spec 2.1: any unknown path shows home.
      { path: '*', element: <HomePage /> },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
