import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { repoRoot } from './processes.ts'

export interface ReportRow {
  scenario: string
  figure: string
  target: string
  met: boolean
}

export interface Report {
  database: string
  rows: ReportRow[]
}

/** Prints the figures beside their targets and keeps them in bench/results/ for comparison over time. */
export async function printReport(report: Report): Promise<void> {
  const header = `Keydesk benchmark on ${report.database}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`
  const lines = [
    `# ${header}`,
    '',
    '| scenario | figure | target | met |',
    '|---|---|---|---|',
    ...report.rows.map((row) => `| ${row.scenario} | ${row.figure} | ${row.target} | ${row.met ? 'yes' : 'no'} |`),
  ]
  const text = lines.join('\n')
  console.log(`\n${text}\n`)
  const dir = path.join(repoRoot, 'bench/results')
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, `latest-${report.database.toLowerCase()}.md`), `${text}\n`)
}
