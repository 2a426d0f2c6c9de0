import type { PeriodicJob } from '../../../lib/periodic-jobs.ts'
import type { Uses } from '../../../ports.ts'
import { findPendingSessionIds } from '../orders/repository.ts'
import type { SandboxProvider } from './sandbox-provider.ts'
import { listCompleteSandboxSessionsSince } from './sandbox-repository.ts'
import { receiveWebhook } from './webhook.ts'

/** Stripe retries an unacknowledged webhook for up to three days; the sandbox looks back as far. */
const LOOK_BACK_MS = 3 * 24 * 60 * 60 * 1000
const EVERY_MS = 30_000
const BATCH = 100

type Ports = Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events' | 'log' | 'payments'>

/**
 * Delivers again the paid event of every sandbox session whose order is still pending: a crash between the card's
 * approval and the fulfilment leaves exactly that, and Stripe's redelivery is what recovers it in production
 * (docs/decisions/008-payments.md). Fulfilment is idempotent, so a delivery racing the first one changes nothing.
 * Answers how many it delivered.
 */
export async function redeliverPaidSandboxSessions(ports: Ports, provider: SandboxProvider): Promise<number> {
  const since = new Date(ports.clock.now().getTime() - LOOK_BACK_MS)
  const sessions = await listCompleteSandboxSessionsSince(ports.database.db, since, BATCH)
  const pending = await findPendingSessionIds(
    ports.database.db,
    sessions.map((session) => session.id),
  )
  let delivered = 0
  for (const id of pending) {
    const event = await provider.completedEventOf(id)
    if (!event) continue
    await receiveWebhook(ports, event.payload, event.signature)
    delivered++
  }
  return delivered
}

/** Every 30 seconds, on the one process that holds the job's lock; scheduled only with the sandbox checkout. */
export function sandboxRedeliveryJob(ports: Ports, provider: SandboxProvider): PeriodicJob {
  return {
    name: 'sandbox-redelivery',
    everyMs: EVERY_MS,
    run: async () => {
      const delivered = await redeliverPaidSandboxSessions(ports, provider)
      if (delivered > 0) ports.log.info({ delivered }, 'sandbox redelivery: %d paid sessions delivered again', delivered)
    },
  }
}
