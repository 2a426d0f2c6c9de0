import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm'

/**
 * A column of the outer query, named with its table, for a scalar subquery to correlate on. Drizzle writes the
 * columns of a one-table select without their table, and inside a subquery such a bare name would bind to the
 * subquery's own table instead (compliance_documents.user_id = user_id is always true).
 */
export const outerColumn = (column: AnyColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
