import { sql } from 'drizzle-orm'
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Every admin and super-admin action; append-only (a trigger refuses UPDATE and DELETE, migration 0009). */
export const actionLog = pgTable(
  'action_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: the log keeps who acted even after that account is gone (and rows never change). */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('action_log_created_idx').on(table.createdAt),
    // An account's or an order's newest entries (the rejected and revoked admins' list reads who decided and when).
    index('action_log_target_idx').on(table.targetId, table.createdAt),
    // The readable log's filters by kind and by actor, newest first (GET /admin/action-log pages by id).
    index('action_log_action_idx').on(table.action, table.id),
    index('action_log_actor_idx').on(table.actorId, table.id),
    // The analytics retention job's work: entries still holding a client address, oldest first (docs/decisions/030).
    index('action_log_client_address_idx').on(table.createdAt).where(sql`(${table.details} ->> 'clientAddress') is not null`),
  ],
)
