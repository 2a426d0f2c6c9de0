import { extname } from 'node:path'
import { Readable } from 'node:stream'
import { setTimeout } from 'node:timers/promises'
import { ZipFile } from 'yazl'
import { decryptSecret } from '../../../lib/secret-box.ts'
import type { Uses } from '../../../ports.ts'
import {
  listDocumentRowsForArchive,
  listPasskeysForArchive,
  listSessionRowsForArchive,
  listTeamAssignmentRowsForArchive,
  listTeamLocationRowsForArchive,
  listTeamMembershipRowsForArchive,
  pageLoginHistoryForArchive,
  readAccountRowsForArchive,
} from '../../accounts/index.ts'
import {
  listBatchRowsForArchive,
  listDisputeRowsForArchive,
  listJobRowsForArchive,
  listKeycodeRefundRowsForArchive,
  listPlanRefundRowsForArchive,
  listPlanRowsForArchive,
  listProblemReportRowsForArchive,
  pageOrderRowsForArchive,
  pageRequestRowsForArchive,
} from '../../ordering/index.ts'
import { listFileRowsForArchive, listNoticeRowsForArchive, pageActionsAboutAccountForArchive } from '../../platform/index.ts'
import { pageChatRowsForArchive } from '../chat/archive-repository.ts'
import { listContactRowsForArchive, listConversationRowsForArchive } from '../support/archive-repository.ts'
import { ARCHIVED_TABLES, type ArchivedTable, type ArchivedTableName, NOT_ARCHIVED } from './sections.ts'

/** How often an entry waiting for the client to read the output looks again. */
const DRAIN_CHECK_MS = 10

export type ArchivePorts = Uses<'database' | 'storage' | 'secretKey' | 'clock' | 'log'>

/** Rows read per query from a paged table: a page is held at once, never the member's whole history. */
export const ARCHIVE_PAGE_ROWS = 200

type Row = Record<string, unknown>

/** A row as the declaration shows it: the shown columns, the sealed ones opened, nothing else. */
function present(table: ArchivedTable, row: Row, secretKey: Buffer): Row {
  const shown: Row = {}
  for (const column of table.shown) shown[column] = row[column] ?? null
  for (const [column, key] of Object.entries(table.opened ?? {})) {
    const sealed = row[column]
    shown[key] = typeof sealed === 'string' ? decryptSecret(sealed, secretKey) : null
  }
  return shown
}

/** A JSON array written as its rows arrive, page after page. */
async function* jsonArray(pages: AsyncIterable<Row[]>): AsyncGenerator<string> {
  let first = true
  yield '['
  for await (const rows of pages) {
    for (const row of rows) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`
      first = false
    }
  }
  yield first ? ']\n' : '\n]\n'
}

async function* once<T>(rows: Promise<T[]> | T[]): AsyncGenerator<T[]> {
  yield await rows
}

/** Every row of a paged read, keyset by id: the next page starts after the last id of this one. */
async function* paged<K, T extends { id: K }>(read: (after: K | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: K | null = null
  for (;;) {
    const rows = await read(after)
    if (rows.length > 0) yield rows
    const last = rows.at(-1)
    if (rows.length < ARCHIVE_PAGE_ROWS || last === undefined) return
    after = last.id
  }
}

async function* presented(name: ArchivedTableName, pages: AsyncIterable<Row[]>, secretKey: Buffer, extra?: (row: Row) => Row) {
  for await (const rows of pages) yield rows.map((row) => ({ ...present(ARCHIVED_TABLES[name], row, secretKey), ...extra?.(row) }))
}

/** What each part holds and what was left out, with the reasons: the archive's own table of contents. */
function aboutTheArchive(userId: string, now: Date) {
  const parts: Record<string, { tables: string[]; withheld: Record<string, string> }> = {}
  for (const [table, declared] of Object.entries(ARCHIVED_TABLES) as [string, ArchivedTable][]) {
    const part = parts[declared.part] ?? { tables: [], withheld: {} }
    parts[declared.part] = part
    part.tables.push(table)
    for (const [column, reason] of Object.entries(declared.withheld)) part.withheld[`${table}.${column}`] = reason
  }
  return {
    account: userId,
    createdAt: now.toISOString(),
    parts: { ...parts, 'files/': { tables: ['files'], withheld: {} } },
    notArchived: NOT_ARCHIVED,
    money: 'Amounts are in cents of the order currency.',
  }
}

/**
 * Writes a member's data archive (docs/decisions/037) as a zip stream: one JSON part per declared table (sections.ts)
 * and each file the account owns under files/. Parts are added one after the other, each once the previous one was
 * consumed, and paged tables are read a page at a time, so the process holds a page of rows and one file at most,
 * whatever the member holds and however slowly the client reads. The caller checked who may have it.
 */
export function writeMemberArchive(ports: ArchivePorts, userId: string): Readable {
  const zip = new ZipFile()
  const output = zip.outputStream as Readable
  const now = ports.clock.now()
  const { db } = ports.database
  const key = ports.secretKey
  let closed = false
  output.once('close', () => {
    closed = true
  })

  /**
   * The zip pushes what it read into its output whatever the client has taken, so an entry read is not yet an entry
   * sent: the next one waits until the output holds no more than its high-water mark (the client has read the rest).
   * It looks again every few milliseconds rather than listening for data, which would start a stream no one reads yet.
   */
  const drained = async () => {
    while (!closed && output.readableLength > output.readableHighWaterMark) await setTimeout(DRAIN_CHECK_MS)
  }

  /** Adds one entry and waits until the zip has consumed it and the client most of it; a closed answer stops the work. */
  const add = (name: string, content: Readable, compress = true) =>
    new Promise<void>((resolve, reject) => {
      if (closed) return reject(new Error('the archive answer closed'))
      const stop = () => {
        content.destroy()
        reject(new Error('the archive answer closed'))
      }
      output.once('close', stop)
      content.once('end', () => {
        output.off('close', stop)
        drained().then(resolve, reject)
      })
      content.once('error', (error) => {
        output.off('close', stop)
        reject(error)
      })
      zip.addReadStream(content, name, { compress, mtime: now })
    })
  const addText = (name: string, text: string) => add(name, Readable.from([Buffer.from(text)]))
  const addArray = (name: string, pages: AsyncIterable<Row[]>) => add(name, Readable.from(jsonArray(pages), { objectMode: false }))

  async function build() {
    await addText('about.json', `${JSON.stringify(aboutTheArchive(userId, now), null, 2)}\n`)
    const account = await readAccountRowsForArchive(db, userId)
    if (!account) throw new Error('the archive of an account that is gone')
    const profile = {
      account: present(ARCHIVED_TABLES.users, account.account, key),
      profile: account.profile ? present(ARCHIVED_TABLES.member_profiles, account.profile, key) : null,
    }
    await addText('profile.json', `${JSON.stringify(profile, null, 2)}\n`)
    await addArray('sessions.json', presented('sessions', once(listSessionRowsForArchive(db, userId)), key))
    await addArray(
      'sign-ins.json',
      presented(
        'login_history',
        paged((after: string | null) => pageLoginHistoryForArchive(db, userId, after, ARCHIVE_PAGE_ROWS)),
        key,
      ),
    )
    await addArray('passkeys.json', presented('passkeys', once(listPasskeysForArchive(db, userId)), key))
    await addArray('documents.json', presented('compliance_documents', once(listDocumentRowsForArchive(db, userId)), key))
    const files = await listFileRowsForArchive(db, userId)
    const pathOf = (file: { id: string; storageKey: string }) => `files/${file.id}${extname(file.storageKey)}`
    await addArray(
      'files.json',
      presented('files', once(files), key, (row) => ({ path: pathOf(row as (typeof files)[number]) })),
    )
    await addArray(
      'orders.json',
      presented(
        'vehicle_requests',
        paged(async (after: string | null) => {
          const rows = await pageRequestRowsForArchive(db, userId, after, ARCHIVE_PAGE_ROWS)
          return rows.map((row) => ({ ...row.request, makeName: row.makeName }))
        }),
        key,
        (row) => ({ makeName: row.makeName }),
      ),
    )
    await addArray('bulk-batches.json', presented('request_batches', once(listBatchRowsForArchive(db, userId)), key))
    await addArray('jobs.json', presented('job_records', once(listJobRowsForArchive(db, userId)), key))
    await addArray(
      'payments.json',
      presented(
        'transactions',
        paged((after: string | null) => pageOrderRowsForArchive(db, userId, after, ARCHIVE_PAGE_ROWS)),
        key,
      ),
    )
    await addArray('plans.json', presented('subscriptions', once(listPlanRowsForArchive(db, userId)), key))
    await addArray('plan-refunds.json', presented('plan_refunds', once(listPlanRefundRowsForArchive(db, userId)), key))
    await addArray('keycode-refunds.json', presented('keycode_refunds', once(listKeycodeRefundRowsForArchive(db, userId)), key))
    await addArray('problem-reports.json', presented('problem_reports', once(listProblemReportRowsForArchive(db, userId)), key))
    await addArray('disputes.json', presented('payment_disputes', once(listDisputeRowsForArchive(db, userId)), key))
    const conversations = await listConversationRowsForArchive(db, userId)
    await addArray('support-conversations.json', presented('support_conversations', once(conversations), key))
    await addArray(
      'contact-messages.json',
      presented(
        'contact_messages',
        once(
          listContactRowsForArchive(
            db,
            conversations.map((row) => row.id),
          ),
        ),
        key,
      ),
    )
    await addArray(
      'chat.json',
      presented(
        'chat_messages',
        paged((after: string | null) => pageChatRowsForArchive(db, userId, after, ARCHIVE_PAGE_ROWS)),
        key,
      ),
    )
    await addArray('notices.json', presented('notices', once(listNoticeRowsForArchive(db, userId)), key))
    await addArray('team-locations.json', presented('team_locations', once(listTeamLocationRowsForArchive(db, userId)), key))
    await addArray('team-membership.json', presented('team_members', once(listTeamMembershipRowsForArchive(db, userId)), key))
    await addArray('team-assignments.json', presented('team_member_locations', once(listTeamAssignmentRowsForArchive(db, userId)), key))
    await addArray(
      'activity.json',
      presented(
        'action_log',
        paged((after: number | null) => pageActionsAboutAccountForArchive(db, userId, after, ARCHIVE_PAGE_ROWS)),
        key,
        (row) => ({ byYou: row.actorId === userId }),
      ),
    )
    // One file at a time, read from storage as the zip takes it: no document is held whole while it is sent.
    for (const file of files) {
      const content = await ports.storage.stream(file.storageKey).catch((error: unknown) => {
        ports.log.error({ err: error, fileId: file.id }, 'a file of a data archive could not be read')
        return null
      })
      if (content) await add(pathOf(file), content, false)
      else await addText(`files/${file.id}.missing.txt`, 'This file could not be read from storage when the archive was made.\n')
    }
  }

  build().then(
    () => zip.end(),
    (error: unknown) => {
      if (!closed) ports.log.error({ err: error }, 'a data archive stopped before its end')
      output.destroy(error instanceof Error ? error : new Error(String(error)))
    },
  )
  return output
}
