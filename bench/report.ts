import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { repoRoot } from './processes.ts'

export interface ReportRow {
  scenario: string
  figure: string
  target: string
  met: boolean
  /** For a missed target: by how much, in the target's own unit. */
  missedBy?: string
  /** For a missed target: what the time goes to, and what closing the gap would take. */
  why?: string
}

/** The verdict cell: "met", or by how much it misses. */
function verdict(row: ReportRow): string {
  if (row.met) return 'met'
  return row.missedBy ? `missed by ${row.missedBy}` : 'missed'
}

export interface Report {
  database: string
  quick: boolean
  durationSeconds?: number
  rows: ReportRow[]
}

/**
 * Prints the figures beside their targets and keeps them in bench/results/: latest.md and latest.json for the
 * last run, latest-<database>.md per database (quick runs only print, so they never replace real figures).
 */
export async function printReport(report: Report): Promise<void> {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM`
  const header = `Keydesk benchmark${report.quick ? ' (quick)' : ''} on ${report.database}, ${machine}, Node ${process.version}, ${new Date().toISOString()}`
  const lines = [
    `# ${header}`,
    '',
    '| scenario | figure | target | verdict | why it misses |',
    '|---|---|---|---|---|',
    ...report.rows.map(
      (row) => `| ${row.scenario} | ${row.figure} | ${row.target} | ${verdict(row)} | ${row.met ? '' : (row.why ?? '')} |`,
    ),
    '',
    `Run time: ${report.durationSeconds ?? '?'} s.`,
  ]
  const text = lines.join('\n')
  console.log(`\n${text}\n`)
  if (report.quick) return
  const dir = path.join(repoRoot, 'bench/results')
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'latest.md'), `${text}\n`)
  await writeFile(path.join(dir, 'latest.json'), `${JSON.stringify({ header, ...report }, null, 2)}\n`)
  await writeFile(path.join(dir, `latest-${report.database.toLowerCase()}.md`), `${text}\n`)
}
