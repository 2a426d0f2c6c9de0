import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md names the one module that owns each table. These tests hold the code to it: a module's
 * production code names only its own tables, in imports and in hand-written SQL, and reads the others' through
 * what their repositories export.
 */

const srcDir = fileURLToPath(new URL('..', import.meta.url))
const modulesDir = join(srcDir, 'modules')
const schemaDir = join(srcDir, 'db', 'schema')
const architecture = readFileSync(fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url)), 'utf8')

/** Table name → owning module, from the table under "Who owns each table". */
function readOwnership(): Map<string, string> {
  const lines = architecture.slice(architecture.indexOf('Who owns each table')).split('\n')
  const tableStart = lines.findIndex((line) => line.startsWith('|'))
  const tableEnd = lines.findIndex((line, index) => index > tableStart && !line.startsWith('|'))
  const rows = lines.slice(tableStart, tableEnd).filter((line) => line.startsWith('| `'))
  const owners = new Map<string, string>()
  for (const row of rows) {
    const [moduleCell = '', tableCell = ''] = row.split('|').slice(1)
    const modules = [...moduleCell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '')
    const tables = [...tableCell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '')
    // A row naming several modules pairs them with its tables in order.
    tables.forEach((table, index) => {
      owners.set(table, modules.length === 1 ? (modules[0] ?? '') : (modules[index] ?? ''))
    })
  }
  return owners
}

/** Each schema file's exported tables: export name → SQL table name. */
async function readSchemaTables(): Promise<Map<string, Map<string, string>>> {
  const files = new Map<string, Map<string, string>>()
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.ts') && name !== 'index.ts')) {
    const exports: Record<string, unknown> = await import(join(schemaDir, file))
    const tables = new Map<string, string>()
    for (const [name, value] of Object.entries(exports)) if (is(value, PgTable)) tables.set(name, getTableName(value))
    files.set(file.replace(/\.ts$/, ''), tables)
  }
  return files
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The tables a file imports from the schema, by SQL name (type-only imports included). */
function importedTables(source: string, schema: Map<string, Map<string, string>>): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]*\/db\/schema\/([\w-]+)\.ts'/g)) {
    const tables = schema.get(match[2] ?? '') ?? new Map<string, string>()
    for (const imported of (match[1] ?? '').split(',')) {
      const name =
        imported
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim() ?? ''
      const table = tables.get(name)
      if (table) found.push(table)
    }
  }
  return found
}

/** The tables named in a file's hand-written SQL (the text of its sql`…` templates, comments left out). */
function tablesInSql(source: string, tableNames: string[]): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const sqlText = [...code.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)].map((match) => match[1] ?? '').join('\n')
  return tableNames.filter((table) => new RegExp(`\\b${table}\\b`).test(sqlText))
}

describe('table ownership', () => {
  it('names an owner for every table in the schema, and no table the schema lacks', async () => {
    const owners = readOwnership()
    const schema = await readSchemaTables()
    const tableNames = [...schema.values()].flatMap((tables) => [...tables.values()])
    expect([...owners.keys()].sort()).toEqual([...tableNames].sort())
    const moduleNames = new Set(
      readdirSync(modulesDir, { withFileTypes: true, recursive: true }).flatMap((entry) =>
        entry.isDirectory() && relative(modulesDir, entry.parentPath) !== '' ? [entry.name] : [],
      ),
    )
    for (const owner of owners.values()) expect(moduleNames, `owner ${owner}`).toContain(owner)
  })

  /** Each table a module's production file names (as `tablesOf` finds them) that another module owns. */
  function strayTables(tablesOf: (source: string) => string[], verb: string): string[] {
    const owners = readOwnership()
    return productionFiles(modulesDir).flatMap((file) => {
      // modules/<context>/<module>/…: the module is the folder inside its context.
      const module = relative(modulesDir, file).split(/[\\/]/)[1]
      return tablesOf(readFileSync(file, 'utf8'))
        .filter((table) => owners.get(table) !== module)
        .map((table) => `${relative(srcDir, file)} ${verb} ${table} (owned by ${owners.get(table)})`)
    })
  }

  it("lets a module's code import only the tables it owns", async () => {
    const schema = await readSchemaTables()
    expect(strayTables((source) => importedTables(source, schema), 'imports')).toEqual([])
  })

  it("lets a module's hand-written SQL name only the tables it owns", () => {
    const tableNames = [...readOwnership().keys()]
    expect(strayTables((source) => tablesInSql(source, tableNames), 'names')).toEqual([])
  })

  it('keeps tables out of the production code outside the modules and the database layer', async () => {
    const schema = await readSchemaTables()
    const outside = productionFiles(srcDir).filter(
      (file) => !['modules', 'db', 'test'].includes(relative(srcDir, file).split(/[\\/]/)[0] ?? ''),
    )
    expect(outside.length).toBeGreaterThan(0)
    const strays = outside
      .filter((file) => importedTables(readFileSync(file, 'utf8'), schema).length > 0)
      .map((file) => relative(srcDir, file))
    expect(strays).toEqual([])
  })

  it('finds a stray import and stray SQL when there is one', async () => {
    const schema = await readSchemaTables()
    expect(importedTables("import { users } from '../../db/schema/users.ts'", schema)).toEqual(['users'])
    expect(importedTables("import type { users as people } from '../../db/schema/users.ts'", schema)).toEqual(['users'])
    expect(tablesInSql('db.execute(sql`update transactions set x = 1 from vehicle_requests vr`)', ['vehicle_requests', 'files'])).toEqual([
      'vehicle_requests',
    ])
    expect(tablesInSql('// from vehicle_requests\nconst link = "/api/files/" + id', ['vehicle_requests', 'files'])).toEqual([])
  })
})
