// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md: web imports flow one way, shared pieces (components/ui, lib) → features → app. These tests
 * read every production file's relative imports and hold the code to it.
 */

const srcDir = fileURLToPath(new URL('.', import.meta.url))

interface SourceImport {
  from: string
  to: string
}

function productionImports(): SourceImport[] {
  return readdirSync(srcDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(srcDir, file).startsWith('test'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => ({
        from: relative(srcDir, file),
        to: relative(srcDir, resolve(dirname(file), match[1] ?? '')),
      })),
    )
}

/** The layer of a path under src: 'shared', a feature, 'app', or the entry (main.tsx) that starts the app. */
function layerOf(path: string): string {
  const [top, feature] = path.split(/[\\/]/)
  if (top === 'components' || top === 'lib') return 'shared'
  if (top === 'features') return `feature:${feature}`
  if (top === 'app') return 'app'
  return 'entry'
}

describe('web import direction', () => {
  it('keeps the shared pieces free of features and of the app', () => {
    const upward = productionImports().filter(({ from, to }) => layerOf(from) === 'shared' && layerOf(to) !== 'shared')
    expect(upward).toEqual([])
  })

  it('keeps the features free of the app', () => {
    const upward = productionImports().filter(({ from, to }) => layerOf(from).startsWith('feature:') && layerOf(to) === 'app')
    expect(upward).toEqual([])
  })

  it('has no two features that depend on each other, directly or around a loop', () => {
    const edges = new Map<string, Set<string>>()
    for (const { from, to } of productionImports()) {
      const [source, target] = [layerOf(from), layerOf(to)]
      if (source.startsWith('feature:') && target.startsWith('feature:') && source !== target) {
        edges.set(source, (edges.get(source) ?? new Set()).add(target))
      }
    }
    const loops: string[] = []
    const walk = (feature: string, trail: string[]) => {
      for (const next of edges.get(feature) ?? []) {
        if (trail.includes(next)) loops.push([...trail.slice(trail.indexOf(next)), next].join(' → '))
        else walk(next, [...trail, next])
      }
    }
    for (const feature of edges.keys()) walk(feature, [feature])
    expect(loops).toEqual([])
  })

  it('reads the imports of the features it checks', () => {
    const imports = productionImports()
    expect(imports.some(({ from, to }) => from.startsWith('features/cart') && to.startsWith('features/membership'))).toBe(true)
    expect(layerOf('features/cart/pages/cart-page.tsx')).toBe('feature:cart')
    expect(layerOf('lib/cart-keys.ts')).toBe('shared')
    expect(layerOf('main.tsx')).toBe('entry')
  })
})
