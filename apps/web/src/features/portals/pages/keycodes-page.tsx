import { useEffect } from 'react'
import { useSession } from '../../session/use-session.ts'
import { PortalsScreen } from '../components/portals-screen.tsx'

/** /keycodes; the router's admin guard sends visitors to /login and other roles to / (docs/product.md §8). */
export function KeycodesPage() {
  const { user } = useSession()
  useEffect(() => {
    document.title = 'Keycode Portals · Keydesk'
  }, [])
  return <PortalsScreen isSuperAdmin={user?.role === 'SUPER_ADMIN'} />
}
