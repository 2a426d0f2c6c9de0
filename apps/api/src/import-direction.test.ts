import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md, 'Contexts': the API's modules are grouped into contexts that depend on each other one way,
 *
 *   core → platform → accounts → ordering → back-office → entry
 *
 * core is everything outside modules/ and entry/ (db, lib, plugins, ports.ts, config, errors, logger), which serves
 * every module and imports none; entry/ holds app.ts and server.ts, which assemble them all. A module may import its
 * own context and the contexts to its left, never one to its right, and no two modules may depend on each other,
 * directly or around a loop, whether they share a context or not; nor may any two folders of src, core's included,
 * nor any two files.
 * These tests read every production file's relative imports (tests and src/test left out) and hold the code to it.
 */

const srcDir = fileURLToPath(new URL('.', import.meta.url))

/**
 * The contexts in their order. Each is a folder of modules/ (modules/<context>/<module>/); entry is the folder
 * entry/, and core every other file.
 */
const CONTEXTS = ['core', 'platform', 'accounts', 'ordering', 'back-office', 'entry']

interface SourceImport {
  from: string
  to: string
}

/** The relative imports of one file's code, static and dynamic, in single or double quotes. */
function importsOf(file: string, code: string): SourceImport[] {
  return [...code.matchAll(/(?:from|import)\s*\(?\s*(['"])(\.{1,2}\/(?:(?!\1).)+)\1/g)].map((match) => ({
    from: relative(srcDir, file),
    to: relative(srcDir, resolve(dirname(file), match[2] ?? '')),
  }))
}

function productionImports(): SourceImport[] {
  return readdirSync(srcDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => relative(srcDir, file).split(/[\\/]/)[0] !== 'test')
    .flatMap((file) => importsOf(file, readFileSync(file, 'utf8')))
}

const contextRank = new Map(CONTEXTS.map((context, index) => [context, index]))

/** The unit a path under src belongs to: 'context/module' for a module's file, 'core' or 'entry' otherwise. */
function unitOf(path: string): string {
  const [top, context = '', module = ''] = path.split(/[\\/]/)
  if (top === 'modules') return module === 'index.ts' ? context : `${context}/${module}`
  if (top === 'entry') return 'entry'
  return 'core'
}

const contextOf = (unit: string) => unit.split('/')[0] ?? ''

/** Module-level edges: unit → the units it imports. */
function unitGraph(imports: SourceImport[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>()
  for (const { from, to } of imports) {
    const [source, target] = [unitOf(from), unitOf(to)]
    if (source !== target) edges.set(source, (edges.get(source) ?? new Set()).add(target))
  }
  return edges
}

/** The strongly connected components of more than one unit (Tarjan): every set of units that import each other around a loop. */
function loops(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (unit: string) => {
    index.set(unit, index.size)
    low.set(unit, index.get(unit) ?? 0)
    stack.push(unit)
    for (const next of edges.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0))
      } else if (stack.includes(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member !== undefined) component.push(member)
      } while (member !== undefined && member !== unit)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const unit of edges.keys()) if (!index.has(unit)) visit(unit)
  return found
}

/** Every import against the contexts' order, and every loop between modules, as one sorted list of lines. */
function violations(imports: SourceImport[]): string[] {
  const edges = unitGraph(imports)
  const upward = [...edges].flatMap(([source, targets]) =>
    [...targets]
      .filter((target) => (contextRank.get(contextOf(target)) ?? 0) > (contextRank.get(contextOf(source)) ?? 0))
      .map((target) => `${source} -> ${target}`),
  )
  const cycles = loops(edges).map((component) => `loop: ${component.join(', ')}`)
  return [...upward, ...cycles].sort()
}

/**
 * Every import that reaches into another context past its public surface (modules/<context>/index.ts), and every
 * import of a module's own context's surface (which would make the surface import its own importer); entry, which
 * assembles every module's routes and plugins, reaches in where it needs to.
 */
function surfaceBypasses(imports: SourceImport[]): string[] {
  return imports
    .filter(({ from, to }) => {
      const [source, target] = [unitOf(from), unitOf(to)]
      if (source === 'entry' || source === 'core' || target === 'core' || target === 'entry') return false
      const sameContext = contextOf(source) === contextOf(target)
      const intoSurface = target === contextOf(target)
      return sameContext ? intoSurface && source !== target : !intoSurface
    })
    .map(({ from, to }) => `${from} -> ${to}`)
    .sort()
}

/**
 * Every loop between the parts of a folder of src, as sorted lines: in each folder, src itself included, every file
 * and every subfolder taken with everything below it, so a loop through a subfolder (db/schema/ → ports.ts →
 * db/database.ts) is the loop between db and ports.ts that it is.
 */
function folderLoops(imports: SourceImport[]): string[] {
  const folders = new Set(imports.flatMap(({ from, to }) => [from, to].flatMap((path) => ancestorsOf(path))))
  const found = [...folders].flatMap((folder) => {
    const edges = new Map<string, Set<string>>()
    for (const { from, to } of imports) {
      const [source, target] = [partOf(folder, from), partOf(folder, to)]
      if (source && target && source !== target) edges.set(source, (edges.get(source) ?? new Set()).add(target))
    }
    return loops(edges).map((component) => `loop: ${component.join(', ')}`)
  })
  return [...new Set(found)].sort()
}

/** The folders that hold a path, src ('') first. */
function ancestorsOf(path: string): string[] {
  const parts = path.split(/[\\/]/).slice(0, -1)
  return parts.map((_, index) => parts.slice(0, index).join('/')).concat(parts.join('/'))
}

/** The part of `folder` a path lies in: the file itself, or the subfolder it is under; undefined outside the folder. */
function partOf(folder: string, path: string): string | undefined {
  const prefix = folder === '' ? '' : `${folder}/`
  if (!path.startsWith(prefix)) return undefined
  const [first = ''] = path.slice(prefix.length).split(/[\\/]/)
  return `${prefix}${first}`
}

/** Every loop between files, as sorted lines. */
function fileLoops(imports: SourceImport[]): string[] {
  const edges = new Map<string, Set<string>>()
  for (const { from, to } of imports) edges.set(from, (edges.get(from) ?? new Set()).add(to))
  return loops(edges)
    .map((component) => `loop: ${component.join(', ')}`)
    .sort()
}

describe('API import direction', () => {
  it('keeps every module in the folder of one of the contexts, and nothing else there', () => {
    const modulesDir = join(srcDir, 'modules')
    const entries = readdirSync(modulesDir, { withFileTypes: true })
    const contexts = entries.flatMap((entry) => (entry.isDirectory() ? [entry.name] : []))
    expect(contexts.sort()).toEqual(CONTEXTS.filter((context) => context !== 'core' && context !== 'entry').sort())
    const stray = contexts.flatMap((context) =>
      readdirSync(join(modulesDir, context), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() || entry.name === 'index.ts' ? [] : [`${context}/${entry.name}`],
      ),
    )
    expect(stray).toEqual([])
    expect(entries.filter((entry) => !entry.isDirectory() && !entry.name.endsWith('.test.ts'))).toEqual([])
  })

  it('has no import against the direction and no loop between modules', () => {
    expect(violations(productionImports())).toEqual([])
  })

  it("reads another context only through that context's public surface, and its own context never through it", () => {
    expect(surfaceBypasses(productionImports())).toEqual([])
  })

  it('keeps each public surface to re-exports, so it holds no rule of its own', () => {
    const modulesDir = join(srcDir, 'modules')
    for (const context of CONTEXTS.filter((name) => name !== 'core' && name !== 'entry')) {
      const surface = join(modulesDir, context, 'index.ts')
      let code = ''
      try {
        code = readFileSync(surface, 'utf8')
      } catch {
        continue
      }
      const statements = code.replace(/\/\*[\s\S]*?\*\//g, '').split(/(?<=')\s*\n/)
      expect(
        statements.filter((statement) => statement.trim() !== '' && !/^\s*export (type )?\{[^}]*\} from '\.\/[^']+'$/.test(statement)),
      ).toEqual([])
    }
  })

  it('fails on a planted import past a surface, and on a module importing its own surface', () => {
    const imports = productionImports()
    const past = { from: 'modules/back-office/admin/service.ts', to: 'modules/ordering/orders/repository.ts' }
    expect(surfaceBypasses([...imports, past])).toEqual(['modules/back-office/admin/service.ts -> modules/ordering/orders/repository.ts'])
    const own = { from: 'modules/ordering/cart/service.ts', to: 'modules/ordering/index.ts' }
    expect(surfaceBypasses([...imports, own])).toEqual(['modules/ordering/cart/service.ts -> modules/ordering/index.ts'])
    expect(surfaceBypasses([{ from: 'modules/back-office/admin/service.ts', to: 'modules/ordering/index.ts' }])).toEqual([])
  })

  it('has no loop between folders, core and entry included', () => {
    expect(folderLoops(productionImports())).toEqual([])
  })

  it('has no loop between files either', () => {
    expect(fileLoops(productionImports())).toEqual([])
  })

  it('fails on a planted loop between files', () => {
    const planted = { from: 'plugins/adapters/storage-keys.ts', to: 'plugins/adapters/s3-storage.ts' }
    expect(fileLoops([...productionImports(), planted])).toEqual(['loop: plugins/adapters/s3-storage.ts, plugins/adapters/storage-keys.ts'])
  })

  it('fails on a planted loop between folders, a subfolder counted with its folder', () => {
    const imports = productionImports()
    expect(folderLoops([...imports, { from: 'lib/validator.ts', to: 'plugins/app/auth.ts' }])).toEqual(['loop: lib, plugins'])
    expect(folderLoops([...imports, { from: 'db/database.ts', to: 'ports.ts' }])).toEqual(['loop: db, ports.ts'])
    expect(folderLoops([...imports, { from: 'db/schema/users.ts', to: 'ports.ts' }])).toEqual(['loop: db, ports.ts'])
    expect(folderLoops([...imports, { from: 'plugins/app/auth.ts', to: 'plugins/adapters/clock.ts' }])).toEqual([
      'loop: plugins/adapters, plugins/app',
    ])
    expect(folderLoops([...imports, { from: 'modules/platform/mail/outbox.ts', to: 'plugins/app/auth.ts' }])).toEqual([])
  })

  it('fails on a planted import against the direction and on a planted loop', () => {
    const imports = productionImports()
    const upward = { from: 'modules/platform/mail/outbox.ts', to: 'modules/back-office/admin/service.ts' }
    expect(violations([...imports, upward])).toContain('platform/mail -> back-office/admin')
    const loop = { from: 'modules/ordering/catalogue/repository.ts', to: 'modules/ordering/pricing/routes.ts' }
    const loopLines = violations([...imports, loop]).filter((line) => line.startsWith('loop: '))
    expect(loopLines.some((line) => line.includes('ordering/catalogue') && line.includes('ordering/pricing'))).toBe(true)
    expect(violations([{ from: 'modules/ordering/pricing/routes.ts', to: 'modules/ordering/catalogue/seed.ts' }, loop])).toEqual([
      'loop: ordering/catalogue, ordering/pricing',
    ])
    const intoCore = { from: 'lib/validator.ts', to: 'modules/platform/health/routes.ts' }
    expect(violations([...imports, intoCore])).toContain('core -> platform/health')
  })

  it('reads the imports it checks', () => {
    const file = join(srcDir, 'lib', 'example.ts')
    const code = `import { a } from "../db/database.ts"\nimport type { B } from '../ports.ts'\nconst c = await import("./job-lock.ts")`
    expect(importsOf(file, code).map(({ to }) => to)).toEqual(['db/database.ts', 'ports.ts', 'lib/job-lock.ts'])
    const imports = productionImports()
    expect(imports.some(({ from, to }) => from.startsWith('modules/ordering/pricing') && to.startsWith('modules/ordering/catalogue'))).toBe(
      true,
    )
    expect(imports.some(({ from }) => from.startsWith('test'))).toBe(false)
    expect(unitOf('modules/ordering/cart/service.ts')).toBe('ordering/cart')
    expect(unitOf('plugins/app/auth.ts')).toBe('core')
    expect(unitOf('entry/app.ts')).toBe('entry')
    expect(unitOf('ports.ts')).toBe('core')
  })
})
