import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Navigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { clearSession } from '../../session/session-query.ts'
import { useSession } from '../../session/use-session.ts'
import { useUserDetails } from '../api/use-user-details.ts'
import { DeleteProfile } from '../components/delete-profile.tsx'
import { UpdateProfileForm } from '../components/update-profile-form.tsx'

function UpdateProfileContent({ userId }: { userId: string }) {
  const details = useUserDetails(userId)
  const { refresh } = useSession()
  const queryClient = useQueryClient()
  const isUnknownUser = details.error instanceof ApiError && details.error.status === 404
  // An unknown user is signed out in the page and sent to sign in again (by the page below, once no one is signed
  // in): sent there still signed in, the sign-in page would pass them straight on and the notice would be lost.
  useEffect(() => {
    if (isUnknownUser) clearSession(queryClient, PROFILE_MESSAGES.userNotFound)
  }, [isUnknownUser, queryClient])
  if (details.isPending || isUnknownUser) return <Spinner label="Loading your profile..." />
  if (details.isError) {
    // Any other failure can be retried.
    return (
      <Alert tone="error" title={PROFILE_MESSAGES.loadUserProfileFailed}>
        <Button variant="link" onClick={() => details.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  return (
    <div className="space-y-10">
      <UpdateProfileForm details={details.data} onSaved={() => void Promise.all([details.refetch(), refresh()])} />
      <DeleteProfile />
    </div>
  )
}

/** /user-profile (docs/product.md, 'Screens and routes (web)'). */
export function UserProfilePage() {
  const { user } = useSession()
  return (
    <PageFrame title="Update Profile">
      {user ? (
        <UpdateProfileContent userId={user.id} />
      ) : (
        <Navigate to={paths.login} replace state={{ notice: PROFILE_MESSAGES.userNotFound }} />
      )}
    </PageFrame>
  )
}
