import { batchProgressText } from '@keydesk/contracts/bulk'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'

export interface BatchProgress {
  code: string
  size: number
  released: number
  refunded: number
}

/**
 * How far each batch is, counted from the member's orders as the dashboard holds them (each tab the newest
 * ORDER_TAB_LIMIT), by batch code in the order the batches first appear.
 */
export function batchesOf(requests: VehicleRequestView[]): Map<string, BatchProgress> {
  const batches = new Map<string, BatchProgress>()
  for (const request of requests) {
    if (!request.batch) continue
    const batch = batches.get(request.batch.code) ?? { code: request.batch.code, size: request.batch.size, released: 0, refunded: 0 }
    if (request.paid && request.status === 'FULFILLED') batch.released++
    if (request.status === 'REFUNDED') batch.refunded++
    batches.set(batch.code, batch)
  }
  return batches
}

/** A batch's heading over its orders: its code and how far it is ("7 of 20 released"). */
export function BatchHeading({ batch, level }: { batch: BatchProgress; level: 'h2' | 'h3' }) {
  const Heading = level
  const done = batch.released + batch.refunded === batch.size
  return (
    <Heading className="text-base font-semibold">
      Batch <span className="font-mono">{batch.code}</span>{' '}
      <span className="font-normal text-slate-700">
        · {batchProgressText(batch)}
        {batch.refunded > 0 && `, ${batch.refunded} refunded`}
        {done && ' · done'}
      </span>
    </Heading>
  )
}
