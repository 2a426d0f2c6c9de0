import { normalizeVin } from '@keydesk/contracts/vin'
import { type SQL, sql } from 'drizzle-orm'
import { vehicleRequests } from '../../db/schema/ordering.ts'
import { transactionRequests, transactions } from '../../db/schema/payments.ts'
import { users } from '../../db/schema/users.ts'

/**
 * Admin search (docs/decisions/016): every field is matched from its start, case-insensitively, so each match is a
 * range on a text_pattern_ops index (migration 0014) and a search stays index-served at any volume.
 */
const startsWith = (term: string) => `${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** A person by the start of their e-mail, first name, last name, full name, company or (3+ digits) phone. */
export function userMatches(term: string): SQL {
  const prefix = startsWith(term.toLowerCase())
  const conditions = [
    sql`lower(${users.email}) like ${prefix}`,
    sql`lower(${users.fname}) like ${prefix}`,
    sql`lower(${users.lname}) like ${prefix}`,
    sql`lower(${users.fname} || ' ' || ${users.lname}) like ${prefix}`,
    sql`lower(${users.company}) like ${prefix}`,
  ]
  const digits = term.replace(/\D/g, '')
  // Phones are typed in many shapes; their digits are compared, and only a few digits or more say it is a phone.
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(term)) {
    conditions.push(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${startsWith(digits)}`)
  }
  return sql`(${sql.join(conditions, sql` or `)})`
}

/**
 * The paid requests a term finds: the start or the last characters of the VIN, the order's confirmation number,
 * the buyer's e-mail or name, or a guest's checkout e-mail. Each branch reads one index; their union is the answer.
 */
export function requestIdsMatching(term: string): SQL {
  const vin = normalizeVin(term)
  const lower = startsWith(term.toLowerCase())
  const branches = [
    sql`select ${vehicleRequests.id} from ${vehicleRequests} where ${vehicleRequests.vin} like ${startsWith(vin)}`,
    sql`select ${vehicleRequests.id} from ${vehicleRequests} where reverse(${vehicleRequests.vin}) like ${startsWith([...vin].reverse().join(''))}`,
    sql`select ${vehicleRequests.id} from ${users} join ${vehicleRequests} on ${vehicleRequests.userId} = ${users.id} where ${userMatches(term)}`,
    sql`select ${transactionRequests.vehicleRequestId} from ${transactions}
        join ${transactionRequests} on ${transactionRequests.transactionId} = ${transactions.id}
        where ${transactions.confirmationNumber} = ${term.trim().toUpperCase()} or lower(${transactions.customerEmail}) like ${lower}`,
  ]
  return sql.join(branches, sql` union `)
}

export const requestMatches = (term: string): SQL => sql`${vehicleRequests.id} in (${requestIdsMatching(term)})`
