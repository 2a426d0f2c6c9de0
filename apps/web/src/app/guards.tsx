import { SESSION_MESSAGES } from '@keydesk/contracts/auth-messages'
import type { Role } from '@keydesk/contracts/roles'
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { Spinner } from '../components/ui/spinner.tsx'
import { loginPathFor } from '../features/session/login-redirect.ts'
import type { NoticeState } from '../features/session/notice-state.ts'
import { sessionEndNotice } from '../features/session/session-query.ts'
import { useSession } from '../features/session/use-session.ts'
import { paths } from '../lib/paths.ts'

function SessionLoading() {
  return (
    <div className="flex justify-center px-4 py-24">
      <Spinner label="Checking your session..." />
    </div>
  )
}

function useLoginRedirect(): { to: string; state: NoticeState | undefined } {
  const location = useLocation()
  const notice = sessionEndNotice(useQueryClient())
  return { to: loginPathFor(`${location.pathname}${location.search}${location.hash}`), state: notice ? { notice } : undefined }
}

/** Signed-in users only; a visitor goes to /login and comes back after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const login = useLoginRedirect()
  if (status === 'loading') return <SessionLoading />
  if (status === 'signed-out') return <Navigate to={login.to} replace state={login.state} />
  return children
}

export interface RequireRoleProps {
  roles: readonly Role[]
  /** Shown on the home page after the redirect; a general access message by default. */
  deniedMessage?: string
  /** Shown to a visitor instead of the redirect to /login (docs/product.md, 'Screens and routes (web)': the admin dashboard asks to log in). */
  signedOut?: ReactNode
  children: ReactNode
}

/** Signed-in users holding one of `roles`; a visitor goes to /login, any other role to / with a message. */
export function RequireRole({ roles, deniedMessage = SESSION_MESSAGES.roleAccessDenied, signedOut, children }: RequireRoleProps) {
  const { status, user } = useSession()
  const login = useLoginRedirect()
  if (status === 'loading') return <SessionLoading />
  if (!user) return signedOut ?? <Navigate to={login.to} replace state={login.state} />
  if (!roles.includes(user.role)) {
    const state: NoticeState = { notice: deniedMessage }
    return <Navigate to={paths.home} replace state={state} />
  }
  return children
}
