// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'

/**
 * docs/decisions/029: a screen states a number or a rule (a discount, a price, the PIN charge, a turnaround, a trial's
 * or a period's length, a refund term) or names a plan only by rendering the contract's constant or function, never in
 * words of its own, so no screen can say what the server does not do. These tests read the text every production
 * component carries (JSX text, string and template literals; not comments, types, imports or class names) and name
 * each place that types one itself.
 */

const srcDir = fileURLToPath(new URL('.', import.meta.url))

interface TypedText {
  where: string
  text: string
}

interface AstNode {
  type?: string
  start?: number
  value?: unknown
  name?: { name?: unknown }
}

function textsOf(code: string, file: string): TypedText[] {
  const texts: TypedText[] = []
  const add = (start: number, text: string) =>
    texts.push({ where: `${relative(srcDir, file)}:${code.slice(0, start).split('\n').length}`, text: text.trim() })
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object') return
    const { type, start = 0, value, name } = node as AstNode
    // Import paths, type annotations and Tailwind classes are no words a person reads.
    if (type === 'ImportDeclaration' || type?.startsWith('TS') || (type === 'JSXAttribute' && name?.name === 'className')) return
    if ((type === 'JSXText' || type === 'Literal') && typeof value === 'string') add(start, value)
    if (type === 'TemplateElement') add(start, String((value as { cooked?: string; raw: string }).cooked ?? ''))
    Object.values(node).forEach(walk)
  }
  walk(parseAst(code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }).body)
  return texts
}

const componentTexts: TypedText[] = readdirSync(srcDir, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => !relative(srcDir, file).startsWith('test'))
  .flatMap((file) => textsOf(readFileSync(file, 'utf8'), file))

const typed = (pattern: RegExp) => componentTexts.filter(({ text }) => pattern.test(text)).map(({ where, text }) => `${where} ${text}`)

describe('screens say the rules in the contract’s words', () => {
  it('types no percentage: discounts and savings come from CART_DISCOUNT_PERCENT and annualSaving', () => {
    expect(typed(/\d\s*%/)).toEqual([])
  })

  it('types no dollar amount: prices, the PIN charge and refund terms come from the contract’s cents', () => {
    expect(typed(/\$\s*\d/)).toEqual([])
  })

  it('types no span of minutes, hours or days: turnarounds, trials and periods come from their constants', () => {
    expect(typed(/\b\d+(?:\s*(?:-|–|to)\s*\d+)?[\s-]*(?:minutes?|hours?|days?)\b/i)).toEqual([])
  })

  it('types no plan name: TIER_LABELS names the plans', () => {
    expect(typed(/\b(?:Basic|Professional|Enterprise)\b/)).toEqual([])
  })
})
