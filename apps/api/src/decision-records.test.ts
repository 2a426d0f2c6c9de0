import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md lists every decision record in its table, and each record says when it was taken and whether it
 * still stands, so a superseded record says so on its own page.
 */
const docsDir = fileURLToPath(new URL('../../../docs/', import.meta.url))
const records = readdirSync(`${docsDir}decisions`).filter((name) => /^\d{3}-.+\.md$/.test(name))
const architecture = readFileSync(`${docsDir}architecture.md`, 'utf8')

describe('decision records', () => {
  it('are each listed in the table of docs/architecture.md', () => {
    const unlisted = records.filter((name) => !architecture.includes(`(decisions/${name})`))
    expect(records.length).toBeGreaterThan(0)
    expect(unlisted).toEqual([])
  })

  it('each carry a Date and a Status line under their title', () => {
    const missing = records.filter((name) => {
      const head = readFileSync(`${docsDir}decisions/${name}`, 'utf8').split('\n').slice(0, 6).join('\n')
      return !/^Date: \d{4}-\d{2}-\d{2}\b/m.test(head) || !/^Status: (Accepted|Superseded by \d{3})/m.test(head)
    })
    expect(missing).toEqual([])
  })
})
