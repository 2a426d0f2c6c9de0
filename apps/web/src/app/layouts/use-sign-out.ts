import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../features/session/use-session.ts'
import { paths } from '../../lib/paths.ts'

/**
 * Logout from the header or the mobile menu. Home first: ending the session while a guarded page is
 * still shown would make its guard send the user to /login instead.
 */
export function useSignOut(): () => Promise<void> {
  const { logout } = useSession()
  const navigate = useNavigate()
  return useCallback(async () => {
    navigate(paths.home)
    await logout()
  }, [logout, navigate])
}
