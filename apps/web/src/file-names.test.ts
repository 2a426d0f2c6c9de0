// @vitest-environment node
import { readdirSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md: files and folders are kebab-case. The linter (useFilenamingConvention) checks file names as
 * they are written; it does not read folder names, so this test holds the web's folders to the same rule.
 */

const srcDir = fileURLToPath(new URL('.', import.meta.url))
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/

const folders = () =>
  readdirSync(srcDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => relative(srcDir, `${entry.parentPath}/${entry.name}`))

describe('web file and folder names', () => {
  it('names every folder under src in kebab-case', () => {
    expect(folders().filter((folder) => !folder.split(/[\\/]/).every((part) => KEBAB.test(part)))).toEqual([])
  })

  it('reads the folders it checks', () => {
    expect(folders()).toContain('features/user-dashboard')
    expect(KEBAB.test('userDashboard')).toBe(false)
  })
})
