import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { Navigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useUserDetails } from '../api/use-user-details.ts'
import { DeleteProfile } from '../components/delete-profile.tsx'
import { UpdateProfileForm } from '../components/update-profile-form.tsx'

function UpdateProfileContent({ userId }: { userId: string }) {
  const details = useUserDetails(userId)
  const { refresh } = useSession()
  if (details.isPending) return <Spinner label="Loading your profile..." />
  if (details.isError) {
    // An unknown user is sent to sign in again; any other failure can be retried.
    if (details.error instanceof ApiError && details.error.status === 404) {
      return <Navigate to={paths.login} replace state={{ notice: PROFILE_MESSAGES.userNotFound }} />
    }
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
