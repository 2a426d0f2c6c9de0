import { RETENTION, retentionCutoff } from '@keydesk/contracts/retention'
import { deleteDisputesOfOrders } from '../modules/ordering/disputes/retention-repository.ts'
import { deleteKeycodeRefundsOfOrders } from '../modules/ordering/keycode-refunds/retention-repository.ts'
import { deleteOrders, listOrdersEndedBefore, listRequestIdsOfOrders } from '../modules/ordering/orders/retention-repository.ts'
import { deletePaidRequestsBefore } from '../modules/ordering/requests/retention-repository.ts'
import { deletePlansOfOrders } from '../modules/ordering/subscriptions/retention-repository.ts'
import { deleteUnownedFileRows } from '../modules/platform/files/repository.ts'
import type { Uses } from '../ports.ts'

const BATCH = 500

type Ports = Uses<'database' | 'storage' | 'clock' | 'log'>

/**
 * One batch of orders past their 7 years, deleted whole in one transaction (a record is never left half kept): their
 * keycode refunds, disputes, plan refunds and ended plans, the requests they paid with those requests' release records,
 * order links and problem reports, then the orders. Photos no account owns go from storage after the commit.
 */
async function deleteOneBatch(ports: Ports, before: Date) {
  const { orders, keys } = await ports.database.db.transaction(async (tx) => {
    const ids = await listOrdersEndedBefore(tx, before, BATCH)
    const requestIds = await listRequestIdsOfOrders(tx, ids)
    await deleteKeycodeRefundsOfOrders(tx, ids)
    await deleteDisputesOfOrders(tx, ids)
    await deletePlansOfOrders(tx, ids)
    const photoIds = await deletePaidRequestsBefore(tx, requestIds, before)
    const keys = await deleteUnownedFileRows(tx, photoIds)
    return { orders: await deleteOrders(tx, ids), keys }
  })
  // After the commit: a removal that fails leaves an orphan file, which the orphan-file sweep removes.
  await Promise.all(keys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return orders
}

/**
 * Transaction records, deleted 7 years after the payment (RETENTION.TRANSACTIONS, docs/decisions/035), in batches
 * until one comes back short or the app closes. Idempotent: a deleted order is not found again.
 */
export async function runTransactionRetention(ports: Ports, signal?: AbortSignal) {
  const before = retentionCutoff(RETENTION.TRANSACTIONS.period, ports.clock.now())
  let orders = 0
  for (;;) {
    if (signal?.aborted) break
    const batch = await deleteOneBatch(ports, before)
    orders += batch
    if (batch < BATCH) break
  }
  ports.log.info({ job: 'transaction-retention', before: before.toISOString(), orders }, 'transaction records deleted')
  return { orders }
}
