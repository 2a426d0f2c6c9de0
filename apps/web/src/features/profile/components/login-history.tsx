import { describeDevice } from '@keydesk/contracts/device-label'
import type { Security } from '@keydesk/contracts/security'

/** The last sign-in and the recent ones, each with its address and device. */
export function LoginHistory({ lastLogin, loginHistory }: Pick<Security, 'lastLogin' | 'loginHistory'>) {
  return (
    <>
      <p className="text-sm text-slate-700">Last login: {lastLogin ? new Date(lastLogin).toLocaleString() : 'No sign-in recorded yet'}</p>
      <section aria-labelledby="login-history-title">
        <h3 id="login-history-title" className="font-semibold text-slate-900">
          Login history
        </h3>
        {loginHistory.length === 0 ? (
          <p className="text-sm text-slate-600">No sign-in recorded yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {loginHistory.map((entry) => (
              <li key={entry.signedInAt} className="py-2">
                {new Date(entry.signedInAt).toLocaleString()} · {entry.ipAddress ?? 'unknown address'} ·{' '}
                <span title={entry.userAgent ?? undefined}>{describeDevice(entry.userAgent)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
