import { sessionPlace } from '@keydesk/contracts/session-place'
import { useState } from 'react'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../api/use-sessions.ts'

const FAILED = 'That did not work. Try again.'
const failureOf = (error: unknown) => (error instanceof ApiError ? error.message : FAILED)

/**
 * docs/product.md, 'Sessions': where the account is signed in, one row per device, each with a way to sign it out;
 * the session of this browser is marked "This device" and is ended with the ordinary Log out instead.
 */
export function SessionsList() {
  const sessions = useSessions()
  const signOut = useSignOutSession()
  const signOutOthers = useSignOutOtherSessions()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function run(action: () => Promise<{ message: string }>) {
    setResult(null)
    try {
      setResult({ tone: 'success', text: (await action()).message })
    } catch (error) {
      setResult({ tone: 'error', text: failureOf(error) })
    }
  }

  return (
    <section aria-labelledby="sessions-title" className="space-y-2">
      <h3 id="sessions-title" className="font-semibold text-slate-900">
        Where you are signed in
      </h3>
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      {sessions.isPending && <Spinner label="Loading your sessions..." />}
      {sessions.isError && (
        <Alert tone="error" title="Your sessions could not be loaded.">
          <Button variant="link" onClick={() => sessions.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {sessions.data && (
        <>
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Signed-in devices">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-slate-900">{session.device}</span>
                  {session.current && (
                    <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">This device</span>
                  )}
                  <span className="block text-slate-600">
                    {sessionPlace(session.timeZone) ?? 'place not told'} · signed in {new Date(session.startedAt).toLocaleString()} · last
                    seen {new Date(session.lastSeenAt).toLocaleString()}
                  </span>
                  <span className="block text-xs text-slate-500">Address {session.ipAddress ?? 'unknown'}</span>
                </span>
                {!session.current && (
                  <Button
                    variant="secondary"
                    isBusy={signOut.isPending && signOut.variables === session.id}
                    onClick={() => run(() => signOut.mutateAsync(session.id))}
                    aria-label={`Sign out ${session.device}, signed in ${new Date(session.startedAt).toLocaleString()}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {sessions.data.some((session) => !session.current) && (
            <Button variant="secondary" isBusy={signOutOthers.isPending} onClick={() => run(() => signOutOthers.mutateAsync())}>
              Sign out of all other sessions
            </Button>
          )}
        </>
      )}
    </section>
  )
}
