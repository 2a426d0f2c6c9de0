import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useAdminUsers } from './use-admin-users.ts'

/** The registered users a back-office page lists: its search, its page, and that page; a new search starts at page one. */
export function useUserSearch() {
  // A user linked from elsewhere (the action log) opens with its search applied.
  const [searchParams] = useSearchParams()
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '')
  const [offset, setOffset] = useState(0)
  const users = useAdminUsers(search, offset)

  function changeSearch(next: string) {
    setSearch(next)
    setOffset(0)
  }

  return { search, changeSearch, offset, setOffset, users }
}
