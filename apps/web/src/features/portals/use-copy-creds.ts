import { PORTAL_COPY_MESSAGE_MS } from '@keydesk/contracts/limits'
import { formatPortalCredentials, PORTAL_MESSAGES, portalCopyFailureMessage } from '@keydesk/contracts/portals'
import { useEffect, useState } from 'react'
import { ApiError } from '../../lib/api-client.ts'
import { useCopyPortalCreds } from './api/use-copy-portal-creds.ts'
import { copyToClipboard } from './copy-to-clipboard.ts'

/** A portal's Copy Creds cycle: idle, busy while the login is fetched and copied, then its message for a few seconds. */
export function useCopyCreds(portalId: string) {
  const copyCreds = useCopyPortalCreds()
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    if (!message) return
    const timer = setTimeout(() => setMessage(null), PORTAL_COPY_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [message])

  async function copy() {
    setMessage(null)
    let credentials: Awaited<ReturnType<typeof copyCreds.mutateAsync>>
    try {
      credentials = await copyCreds.mutateAsync(portalId)
    } catch (error) {
      setMessage(error instanceof ApiError ? portalCopyFailureMessage(error.status, error.message) : PORTAL_MESSAGES.copyFailed)
      return
    }
    try {
      await copyToClipboard(formatPortalCredentials(credentials))
      setMessage(PORTAL_MESSAGES.copied)
    } catch {
      setMessage(PORTAL_MESSAGES.copyFailed)
    }
  }

  return { copy, isCopying: copyCreds.isPending, message }
}
