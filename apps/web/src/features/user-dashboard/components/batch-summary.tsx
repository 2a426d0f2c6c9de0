import { batchProgressText } from '@keydesk/contracts/bulk'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'

export interface BatchProgress {
  code: string
  size: number
  released: number
  refunded: number
}

/**
 * The batches of the member's orders, by code in the order they first appear, each as far as the API counted it whole
 * (a tab holds only its newest orders, so counting the cards would fall short on a long batch).
 */
export function batchesOf(requests: VehicleRequestView[]): Map<string, BatchProgress> {
  const batches = new Map<string, BatchProgress>()
  for (const { batch } of requests) {
    if (batch && !batches.has(batch.code))
      batches.set(batch.code, { code: batch.code, size: batch.size, released: batch.released, refunded: batch.refunded })
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
