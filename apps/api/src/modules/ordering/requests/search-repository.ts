import { BatchCodeSchema } from '@keydesk/contracts/batch-place'
import { normalizeVin } from '@keydesk/contracts/vin'
import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { startsWith } from '../../../db/starts-with.ts'
import { accountIdsMatching, type PersonSearch, personSearchOf } from '../../accounts/index.ts'
import { type OrderSearch, orderSearchOf, requestIdsOfOrdersMatching } from '../orders/repository.ts'
import { batchIdOfCode } from './batch-repository.ts'

/**
 * What an admin's search term is compared with (docs/decisions/016), worked out from the term once: the patterns of
 * the VIN's start and of its last characters, the person's and the order's, and a bulk order's batch code when the
 * term is one. Values, or a prepared statement's placeholders of the same shape.
 */
export interface RequestSearch<Value = string> {
  vinStart: Value
  vinEnd: Value
  person: PersonSearch<Value>
  order: OrderSearch<Value>
  batchCode: Value | null
}

export function requestSearchOf(term: string): RequestSearch {
  const vin = normalizeVin(term)
  const batchCode = BatchCodeSchema.safeParse(term)
  return {
    vinStart: startsWith(vin),
    vinEnd: startsWith([...vin].reverse().join('')),
    person: personSearchOf(term),
    order: orderSearchOf(term),
    batchCode: batchCode.success ? batchCode.data : null,
  }
}

/**
 * The paid requests an admin's search finds: the start or the last characters of the VIN, the buyer's e-mail or name
 * (through the accounts' subquery), or the order's confirmation number or checkout e-mail (through the orders'
 * subquery), or a bulk order's batch code. Each branch reads one index; their union is the answer.
 */
export function requestIdsMatching(search: RequestSearch<string | Placeholder>): SQL {
  const branches = [
    sql`select ${vehicleRequests.id} from ${vehicleRequests} where ${vehicleRequests.vin} like ${search.vinStart}`,
    sql`select ${vehicleRequests.id} from ${vehicleRequests} where reverse(${vehicleRequests.vin}) like ${search.vinEnd}`,
    sql`select ${vehicleRequests.id} from ${vehicleRequests} where ${vehicleRequests.userId} in (${accountIdsMatching(search.person)})`,
    requestIdsOfOrdersMatching(search.order),
  ]
  if (search.batchCode !== null) {
    branches.push(
      sql`select ${vehicleRequests.id} from ${vehicleRequests} where ${vehicleRequests.batchId} = ${batchIdOfCode(search.batchCode)}`,
    )
  }
  return sql.join(branches, sql` union `)
}

/**
 * The queue's search condition. The matching ids are gathered first (one array, each branch on its index) and the
 * requests then read by primary key: as `id in (union)`, the planner costed an e-mail prefix at about 1% of the users
 * (a histogram bucket, where one account matches), expected 1,000 candidates and answered by hashing every paid request
 * of the queue's status, 30,000 rows read at 100,000 requests (30-35 ms a call; 0.8 ms now). A term matching most
 * requests (a shared domain) costs about as much either way, proportional to what it matches.
 */
export const requestMatches = (search: RequestSearch<string | Placeholder>): SQL =>
  sql`${vehicleRequests.id} = any(array(${requestIdsMatching(search)}))`

/**
 * A search as a prepared statement takes it: placeholders in the search's shape (whether it compares a phone and a
 * batch code), the values to fill them with, and a name for that shape.
 */
export function searchAsPlaceholders(search: RequestSearch) {
  const param = (name: string) => sql.placeholder(name)
  const placeholders: RequestSearch<Placeholder> = {
    vinStart: param('vinStart'),
    vinEnd: param('vinEnd'),
    person: { prefix: param('personPrefix'), phoneDigits: search.person.phoneDigits === null ? null : param('phoneDigits') },
    order: { confirmation: param('confirmation'), emailPrefix: param('emailPrefix') },
    batchCode: search.batchCode === null ? null : param('batchCode'),
  }
  const values = {
    vinStart: search.vinStart,
    vinEnd: search.vinEnd,
    personPrefix: search.person.prefix,
    phoneDigits: search.person.phoneDigits,
    confirmation: search.order.confirmation,
    emailPrefix: search.order.emailPrefix,
    batchCode: search.batchCode,
  }
  const shape = `${search.person.phoneDigits === null ? '' : '_phone'}${search.batchCode === null ? '' : '_batch'}`
  return { placeholders, values, shape }
}
