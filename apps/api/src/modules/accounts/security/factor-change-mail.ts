import type { DbExecutor } from '../../../db/database.ts'
import type { Uses } from '../../../ports.ts'
import { enqueueMail, renderMail } from '../../platform/index.ts'

type Owner = { id: string; email: string; fname: string }

/** What changed, in the words the mail uses: "A passkey named “Work laptop” was added". */
export type FactorChange = { kind: 'added' | 'removed'; what: string }

/**
 * The mail to the owner whenever a sign-in factor is added or removed (decision 025): a thief who enrols or removes one
 * with a stolen session is seen by the person whose mailbox it is. Rendered before the caller's transaction (MJML takes
 * milliseconds a pooled connection should not wait for); `queue` then writes it in that transaction, so the mail goes
 * out exactly when the change commits.
 */
export async function factorChangeMail(ports: Uses<'config' | 'secretKey' | 'clock'>, owner: Owner, change: FactorChange) {
  const mail = await renderMail({
    subject:
      change.kind === 'added'
        ? 'A sign-in factor was added to your Keydesk account'
        : 'A sign-in factor was removed from your Keydesk account',
    preview: `${change.what} was ${change.kind} on your account.`,
    greeting: { name: owner.fname },
    paragraphs: [
      `${change.what} was ${change.kind} on your Keydesk account (Profile → Security).`,
      'If this was you, there is nothing to do. If it was not, choose a new password now with "Forgot password?" on the sign-in page: it ends every session, and then review the passkeys and the authenticator app on the Security tab.',
    ],
    action: { label: 'Open the Security tab', url: `${ports.config.publicUrl}/profile` },
  })
  const at = ports.clock.now().getTime()
  return {
    queue: (db: DbExecutor) =>
      enqueueMail(db, { to: owner.email, ...mail, dedupeKey: `factor-${change.kind}:${owner.id}:${at}:${change.what}` }, ports.secretKey),
  }
}
