import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse'
import { chromium, type Response } from 'playwright-core'
import type { ReportRow } from './report.ts'

/**
 * Scenario 7, the web front end as a first-time visitor gets it:
 * - the gzip size of the JavaScript and CSS our origin sends for `/` and `/pricing` (fresh browser context, so no cache);
 * - Lighthouse's desktop preset (simulated throttling) for the same pages: performance and accessibility scores and LCP.
 * Sizes are in KB of 1000 bytes, as Vite prints them. Missed targets and a Lighthouse that cannot run become rows, never errors.
 */
const PAGES = ['/', '/pricing'] as const
const JS_TARGET_KB = 150
const PERFORMANCE_TARGET = 95
const ACCESSIBILITY_TARGET = 95
const LCP_TARGET_MS = 1000
const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version

/** Flags for Debian's Chromium on a closed network (no background connections), as in apps/web/e2e/browser.ts. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-dev-shm-usage',
  '--mute-audio',
]

function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (candidate): candidate is string => Boolean(candidate),
  )
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error('Chromium not found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH')
  return found
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.split('\n')[0]?.slice(0, 300) ?? 'unknown error'
}

// ---------------------------------------------------------------------------------------------------------------
// Bytes a first-time visitor downloads

interface PageBytes {
  js: number
  css: number
  files: number
  /** The three largest JavaScript files and their compressed sizes: where a missed budget goes. */
  largestJs: { name: string; bytes: number }[]
  /** True when at least one file came compressed by the server and its transfer size was counted. */
  serverCompressed: boolean
}

function kindOf(response: Response): 'js' | 'css' | undefined {
  const type = (response.headers()['content-type'] ?? '').toLowerCase()
  const resource = response.request().resourceType()
  const pathname = new URL(response.url()).pathname
  if (type.includes('javascript') || resource === 'script' || pathname.endsWith('.js') || pathname.endsWith('.mjs')) return 'js'
  if (type.includes('text/css') || resource === 'stylesheet' || pathname.endsWith('.css')) return 'css'
  return undefined
}

/** Size of one response as sent over the wire compressed: the server's encoded size if it compresses, else gzip -9 of the body. */
async function compressedSize(response: Response): Promise<{ bytes: number; serverCompressed: boolean }> {
  const encoding = (response.headers()['content-encoding'] ?? '').toLowerCase()
  if (encoding && encoding !== 'identity') {
    const sizes = await response.request().sizes()
    if (sizes.responseBodySize > 0) return { bytes: sizes.responseBodySize, serverCompressed: true }
  }
  const body = await response.body()
  return { bytes: gzipSync(body, { level: 9 }).length, serverCompressed: false }
}

async function measurePageBytes(baseUrl: string): Promise<Map<string, PageBytes>> {
  const origin = new URL(baseUrl).origin
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS })
  const results = new Map<string, PageBytes>()
  try {
    for (const pagePath of PAGES) {
      const context = await browser.newContext()
      try {
        const page = await context.newPage()
        const seen = new Map<string, { kind: 'js' | 'css'; size: Promise<{ bytes: number; serverCompressed: boolean }> }>()
        page.on('response', (response) => {
          if (new URL(response.url()).origin !== origin || response.status() !== 200 || seen.has(response.url())) return
          const kind = kindOf(response)
          if (!kind) return
          const size = compressedSize(response)
          size.catch(() => undefined) // awaited below; this only keeps an early failure from being reported as unhandled
          seen.set(response.url(), { kind, size })
        })
        await page.goto(`${origin}${pagePath}`, { waitUntil: 'load' })
        // Lazy route chunks and their CSS load after the entry module runs: wait for the network to settle.
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
        const bytes: PageBytes = { js: 0, css: 0, files: 0, largestJs: [], serverCompressed: false }
        const jsFiles: { name: string; bytes: number }[] = []
        for (const [url, { kind, size }] of seen) {
          const { bytes: count, serverCompressed } = await size
          bytes[kind] += count
          bytes.files += 1
          bytes.serverCompressed ||= serverCompressed
          if (kind === 'js') jsFiles.push({ name: path.basename(new URL(url).pathname), bytes: count })
        }
        bytes.largestJs = jsFiles.sort((a, b) => b.bytes - a.bytes).slice(0, 3)
        results.set(pagePath, bytes)
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return results
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseFigures {
  performance: number
  accessibility: number
  lcpMs: number
  /** Total blocking time and cumulative layout shift: shown beside the score, since they explain most of a low one. */
  tbtMs: number
  cls: number
  /** The element Lighthouse timed as the largest paint (its HTML, shortened). */
  lcpElement: string
}

/** A headless Chromium of our own with a DevTools port, which Lighthouse connects to; stopped and its profile removed after. */
async function startDebuggableChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'keydesk-lighthouse-'))
  const child: ChildProcess = spawn(
    chromiumPath(),
    ['--headless=new', ...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(killer)
    }
    // Chromium's helpers may still be writing into the profile a moment after it exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port in 30 s: ${output.slice(-300)}`)), 30_000)
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /DevTools listening on ws:\/\/[^:\s]+:(\d+)\//.exec(output)
        if (match?.[1]) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`Chromium exited (${code}) before DevTools listened: ${output.slice(-300)}`))
      })
    })
    child.stderr?.resume() // keep draining so Chromium never blocks on a full pipe
    return { port, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The LCP element audit is a list whose first table holds the element's node; its HTML snippet names it. */
function lcpElementOf(details: unknown): string {
  const list = details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
  return list?.items?.[0]?.items?.[0]?.node?.snippet?.replaceAll(/\s+/g, ' ').slice(0, 80) ?? 'unknown'
}

async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const chrome = await startDebuggableChromium()
  try {
    const flags: Flags = {
      port: chrome.port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    }
    const result: RunnerResult | undefined = await lighthouse(url, flags, desktopConfig)
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    const performance = lhr.categories.performance?.score
    const accessibility = lhr.categories.accessibility?.score
    const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue
    const tbtMs = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN
    if (typeof performance !== 'number' || typeof accessibility !== 'number' || typeof lcpMs !== 'number') {
      const failed = Object.values(lhr.audits)
        .filter((audit) => audit.errorMessage)
        .map((audit) => `${audit.id}: ${audit.errorMessage}`)
      throw new Error(`Lighthouse gave no score${failed.length ? ` (${failed.slice(0, 3).join('; ')})` : ''}`)
    }
    return {
      performance: Math.round(performance * 100),
      accessibility: Math.round(accessibility * 100),
      lcpMs,
      tbtMs,
      cls,
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
    }
  } finally {
    await chrome.stop()
  }
}

// ---------------------------------------------------------------------------------------------------------------

export async function measureWeb(baseUrl: string, options: { quick: boolean }): Promise<ReportRow[]> {
  const rows: ReportRow[] = []
  const origin = new URL(baseUrl).origin

  try {
    const bytes = await measurePageBytes(baseUrl)
    for (const pagePath of PAGES) {
      const page = bytes.get(pagePath)
      if (!page) continue
      const how = page.serverCompressed ? 'as sent compressed' : 'gzip -9'
      rows.push({
        scenario: `First visit to ${pagePath}: JavaScript and CSS from our origin (${page.files} files, ${how})`,
        figure: `JS ${kb(page.js)}, CSS ${kb(page.css)} gzip`,
        target: `≤ ${JS_TARGET_KB} KB JS`,
        met: page.js <= JS_TARGET_KB * 1000,
        missedBy: kb(page.js - JS_TARGET_KB * 1000),
        why: `Largest files: ${page.largestJs.map((file) => `${file.name} ${kb(file.bytes)}`).join(', ')}. The entry holds React, the router, data fetching and the layout every page needs.`,
      })
    }
  } catch (error) {
    rows.push({
      scenario: 'First visit to / and /pricing: JavaScript and CSS from our origin',
      figure: `not measured: ${errorText(error)}`,
      target: `≤ ${JS_TARGET_KB} KB JS`,
      met: false,
      missedBy: 'an unknown amount',
      why: 'The page could not be measured (see the figure).',
    })
  }

  const runs = options.quick ? 1 : 3
  // The quick run proves the audit still works on one page (each audit is about 12 s of CPU); the full run audits both.
  const audited = options.quick ? PAGES.slice(0, 1) : PAGES
  const target = `performance ≥ ${PERFORMANCE_TARGET}, accessibility ≥ ${ACCESSIBILITY_TARGET}, LCP ≤ ${(LCP_TARGET_MS / 1000).toFixed(1)} s`
  for (const pagePath of audited) {
    const scenario = `Lighthouse ${LIGHTHOUSE_VERSION} desktop preset on ${pagePath} (${runs === 1 ? '1 run' : `median of ${runs} runs`})`
    try {
      const results: LighthouseFigures[] = []
      for (let run = 0; run < runs; run++) results.push(await runLighthouse(`${origin}${pagePath}`))
      const performance = median(results.map((result) => result.performance))
      const accessibility = median(results.map((result) => result.accessibility))
      const lcpMs = median(results.map((result) => result.lcpMs))
      const tbtMs = median(results.map((result) => result.tbtMs))
      const cls = median(results.map((result) => result.cls))
      const misses = [
        performance < PERFORMANCE_TARGET ? `performance ${PERFORMANCE_TARGET - performance} points` : '',
        accessibility < ACCESSIBILITY_TARGET ? `accessibility ${ACCESSIBILITY_TARGET - accessibility} points` : '',
        lcpMs > LCP_TARGET_MS ? `LCP ${((lcpMs - LCP_TARGET_MS) / 1000).toFixed(2)} s` : '',
      ].filter(Boolean)
      const lcpElement = results[0]?.lcpElement ?? 'unknown'
      rows.push({
        scenario,
        figure: `performance ${performance}, accessibility ${accessibility}, LCP ${(lcpMs / 1000).toFixed(2)} s (TBT ${Math.round(tbtMs)} ms, CLS ${cls.toFixed(3)})`,
        target,
        met: misses.length === 0,
        missedBy: misses.join(', '),
        why: `Lighthouse simulates a throttled desktop link; the largest paint is \`${lcpElement.replaceAll('|', '\\|').replaceAll('`', "'")}\`, drawn once the JavaScript it needs has loaded and run.`,
      })
    } catch (error) {
      rows.push({
        scenario,
        figure: `Lighthouse could not run: ${errorText(error)}`,
        target,
        met: false,
        missedBy: 'an unknown amount',
        why: 'Lighthouse could not run (see the figure).',
      })
    }
  }
  return rows
}
