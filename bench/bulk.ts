import { vinCheckDigit } from '@keydesk/contracts/vin'
import type { ReportRow } from './report.ts'

/**
 * Bulk ordering (docs/product.md, 'Bulk ordering'): an Enterprise member's 500-row batch, checked from its CSV text
 * and then added to the cart (every request and cart item in one transaction). Each is timed from this process, one
 * call at a time on an otherwise idle server: the answer time is the server's time plus one local round trip.
 */
const ROWS = 500
const QUICK_ROWS = 50
const TARGET_MS = 1000
const RUNS = 3

/** A valid 2016 Honda Civic VIN per serial (the check digit computed, as the API checks it). */
function hondaVin(serial: number): string {
  const draft = `1HGCR2F30GA${String(serial).padStart(6, '0')}`
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`
}

async function timed(url: string, cookie: string, body: object, address: string): Promise<{ ms: number; status: number }> {
  const started = performance.now()
  const answer = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  })
  await answer.arrayBuffer()
  return { ms: performance.now() - started, status: answer.status }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.POSITIVE_INFINITY

export async function measureBulk(baseUrl: string, cookie: string, { quick }: { quick: boolean }): Promise<ReportRow[]> {
  const size = quick ? QUICK_ROWS : ROWS
  const checks: { ms: number; status: number }[] = []
  const creates: { ms: number; status: number }[] = []
  for (let run = 0; run < RUNS; run++) {
    // Fresh VINs each run: a created batch makes its VINs open orders, which the next check would rightly refuse.
    const rows = Array.from({ length: size }, (_, index) => ({
      vin: hondaVin(run * 10_000 + index),
      model: 'Civic',
      reference: `Lot ${index + 1}`,
    }))
    const csv = ['VIN,Model,Reference', ...rows.map((row) => `${row.vin},${row.model},${row.reference}`)].join('\n')
    checks.push(await timed(`${baseUrl}/api/bulk/check`, cookie, { text: csv }, `10.251.0.${run + 1}`))
    creates.push(await timed(`${baseUrl}/api/bulk/batches`, cookie, { rows }, `10.251.1.${run + 1}`))
  }
  const row = (label: string, answers: { ms: number; status: number }[]): ReportRow => {
    const ms = median(answers.map((answer) => answer.ms))
    const failed = answers.filter((answer) => answer.status >= 300).map((answer) => answer.status)
    return {
      scenario: `Bulk ordering: ${label} a ${size}-row batch (Enterprise member, median of ${RUNS})`,
      figure: `${ms.toFixed(0)} ms${failed.length > 0 ? `, failed answers ${failed.join(', ')}` : ''}`,
      target: `< ${TARGET_MS} ms on PostgreSQL`,
      met: ms < TARGET_MS && failed.length === 0,
      missedBy: failed.length > 0 ? `${failed.length} failed answers` : `${(ms - TARGET_MS).toFixed(0)} ms`,
      why: 'The check reads the catalogue and the open orders in two queries and checks every row in memory; adding writes the batch, its requests and their cart items in three statements under the member row lock. See the server log for a failed answer.',
    }
  }
  return [row('check', checks), row('add to the cart', creates)]
}
