import { useEffect } from 'react'
import { useSession } from '../../session/use-session.ts'
import { PortalsScreen } from '../components/portals-screen.tsx'

/** /keycodes; the router's admin guard sends visitors to /login and other roles to / (docs/product.md, 'Back office (admins and super admins)'). */
export function KeycodesPage() {
  const { user } = useSession()
  useEffect(() => {
    document.title = 'Keycode Portals · Keydesk'
  }, [])
  return <PortalsScreen isSuperAdmin={user?.role === 'SUPER_ADMIN'} />
}
