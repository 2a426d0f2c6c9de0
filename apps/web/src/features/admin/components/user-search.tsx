import type { ReactNode } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ADMIN_PAGE_SIZE } from '../api/admin-page.ts'
import type { useUserSearch } from '../api/use-user-search.ts'
import { Pager } from './pager.tsx'
import { SearchForm, USER_SEARCH_LABEL } from './search-form.tsx'

type UserSearch = ReturnType<typeof useUserSearch>
type FoundUser = NonNullable<UserSearch['users']['data']>['rows'][number]

interface UserSearchProps {
  found: UserSearch
  /** The grid's columns at md width, e.g. 'md:grid-cols-2'. */
  columns: string
  /** The button that picks a user in the list. */
  renderUser: (user: FoundUser) => ReactNode
  /** What stands beside the list: the picked user's details. */
  children: ReactNode
}

/** The search box over registered users, the page of users found and its pager, with the picked user's panel beside it. */
export function UserSearch({ found, columns, renderUser, children }: UserSearchProps) {
  const { search, users } = found
  return (
    <>
      <div className="mb-6">
        <SearchForm name="Search users" label={USER_SEARCH_LABEL} value={search} onChange={found.changeSearch} />
      </div>
      {users.isPending && <Spinner />}
      {users.isError && <Alert tone="error">{users.error.message}</Alert>}
      {users.data?.rows.length === 0 && <p>{search ? `No users match “${search}”.` : 'No registered users yet.'}</p>}
      <div className={`grid gap-6 ${columns}`}>
        <div>
          <ul className="space-y-2">
            {users.data?.rows.map((user) => (
              <li key={user.id}>{renderUser(user)}</li>
            ))}
          </ul>
          <Pager
            label="Users pages"
            offset={found.offset}
            pageSize={ADMIN_PAGE_SIZE}
            hasMore={users.data?.hasMore ?? false}
            onOffsetChange={found.setOffset}
          />
        </div>
        {children}
      </div>
    </>
  )
}
