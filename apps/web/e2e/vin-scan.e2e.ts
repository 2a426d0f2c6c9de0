import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import bwipjs from 'bwip-js/node'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VIN_SCAN_MESSAGES } from '../src/features/vin-scan/vin-scan-messages.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowserWithFlags } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, registerMember, signInAt, startTrial } from './members.ts'

/** A 2016 Honda Civic's VIN (valid check digit): the catalogue has the Civic of 2016, so the whole vehicle fills in. */
const VIN = '1HGCR2F31GA000000'
const FRAME = { width: 640, height: 480 }
const PHONE = { width: 390, height: 844 }

type Symbology = 'code39' | 'datamatrix' | 'qrcode'

/**
 * A barcode as a grey frame the size of the fake camera's, black on white and centred: bars from bwip-js's widths for
 * Code 39, modules from its matrix for Data Matrix and QR.
 */
function barcodeFrame(symbology: Symbology, text: string): Uint8Array {
  const luma = new Uint8Array(FRAME.width * FRAME.height).fill(235)
  const paint = (left: number, top: number, width: number, height: number) => {
    for (let y = top; y < top + height; y++) luma.fill(16, y * FRAME.width + left, y * FRAME.width + left + width)
  }
  const [symbol] = bwipjs.raw(symbology, text, '') as { sbs?: number[]; pixs?: number[]; pixx?: number; pixy?: number }[]
  if (symbol?.sbs) {
    const scale = 2
    const width = symbol.sbs.reduce((sum, run) => sum + run, 0) * scale
    let x = (FRAME.width - width) / 2
    symbol.sbs.forEach((run, index) => {
      if (index % 2 === 0) paint(x, 180, run * scale, 120)
      x += run * scale
    })
  } else if (symbol?.pixs && symbol.pixx && symbol.pixy) {
    const { pixs, pixx, pixy } = symbol
    const scale = Math.floor(300 / Math.max(pixx, pixy))
    const left = Math.floor((FRAME.width - pixx * scale) / 2)
    const top = Math.floor((FRAME.height - pixy * scale) / 2)
    pixs.forEach((dark, index) => {
      if (dark) paint(left + (index % pixx) * scale, top + Math.floor(index / pixx) * scale, scale, scale)
    })
  }
  return luma
}

/** A Y4M video Chromium's fake camera plays in a loop: one grey 4:2:0 frame (chroma planes neutral). */
function y4mOf(luma: Uint8Array): Buffer {
  const chroma = Buffer.alloc((FRAME.width / 2) * (FRAME.height / 2) * 2, 128)
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${FRAME.width} H${FRAME.height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
    Buffer.from(luma),
    chroma,
  ])
}

let dir: string
const browsers: Browser[] = []

/** A Chromium whose camera films the given barcode, with the camera allowed (or, when `allowed` is false, refused). */
async function browserFilming(symbology: Symbology, text: string, { allowed = true } = {}): Promise<Browser> {
  const video = path.join(dir, `${symbology}-${browsers.length}.y4m`)
  await writeFile(video, y4mOf(barcodeFrame(symbology, text)))
  const flags = ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]
  const browser = await launchBrowserWithFlags(allowed ? [...flags, '--use-fake-ui-for-media-stream'] : flags)
  browsers.push(browser)
  return browser
}

/** The state of every camera track the page opened: 'live' while filming, 'ended' once stopped. */
const cameraTracks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) =>
      stream.getTracks().map((track) => track.readyState),
    ),
  )

async function requestForm(browser: Browser): Promise<{ page: Page; errors: string[]; elsewhere: string[] }> {
  const page = await browser.newPage({ viewport: PHONE })
  const errors = collectPageErrors(page)
  // The decoder, WebAssembly included, comes from our origin: a request anywhere else would be a CDN the phone needs.
  const elsewhere: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(suiteUrl())) elsewhere.push(request.url())
  })
  // Keeps every camera stream the page opens, so a journey can see that closing the dialog ended its tracks.
  await page.addInitScript(() => {
    const streams: MediaStream[] = []
    Object.assign(window, { cameraStreams: streams })
    const media = navigator.mediaDevices
    const open = media.getUserMedia.bind(media)
    media.getUserMedia = async (constraints) => {
      const stream = await open(constraints)
      streams.push(stream)
      return stream
    }
  })
  await page.goto(`${suiteUrl()}/vehicle-keycode-request`)
  return { page, errors, elsewhere }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-vin-scan-'))
})

afterAll(async () => {
  for (const browser of browsers) await browser.close()
  await rm(dir, { recursive: true, force: true })
})

describe('scanning the VIN on a phone', () => {
  it('reads the Code 39 label with its import I, and the VIN fills the make, then the year once the model is chosen', async () => {
    const { page, errors, elsewhere } = await requestForm(await browserFilming('code39', `I${VIN}`))
    await page.getByRole('button', { name: VIN_SCAN_MESSAGES.button }).click()

    await expect.poll(() => page.getByLabel('VIN', { exact: true }).inputValue(), { timeout: 20_000 }).toBe(VIN)
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await page.getByLabel('Make').inputValue()).toBe('Honda')
    await page.getByLabel('Model').selectOption('Civic')
    await expect.poll(() => page.getByLabel('Year').inputValue()).toBe('2016')
    expect(await cameraTracks(page)).toEqual(['ended'])
    expect(elsewhere).toEqual([])
    expect(errors).toEqual([])
  })

  it('refuses a QR code that is not a VIN, in words, and the open dialog passes axe', async () => {
    const { page, errors } = await requestForm(await browserFilming('qrcode', 'https://example.com/warranty'))
    await page.getByRole('button', { name: VIN_SCAN_MESSAGES.button }).click()

    const dialog = page.getByRole('dialog', { name: VIN_SCAN_MESSAGES.title })
    await dialog.getByRole('alert').filter({ hasText: VIN_SCAN_MESSAGES.notAVin }).waitFor({ timeout: 20_000 })
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true)

    await page.keyboard.press('Escape')
    expect(await dialog.count()).toBe(0)
    expect(await cameraTracks(page)).toEqual(['ended'])
    expect(await page.getByRole('button', { name: VIN_SCAN_MESSAGES.button }).evaluate((button) => button === document.activeElement)).toBe(
      true,
    )
    expect(await page.getByLabel('VIN', { exact: true }).inputValue()).toBe('')
    expect(errors).toEqual([])
  })

  it('explains a refused camera and reads a photo of a Data Matrix label instead', async () => {
    const { page, elsewhere } = await requestForm(await browserFilming('datamatrix', VIN, { allowed: false }))
    await page.getByRole('button', { name: VIN_SCAN_MESSAGES.button }).click()

    const dialog = page.getByRole('dialog', { name: VIN_SCAN_MESSAGES.title })
    await dialog.getByText(VIN_SCAN_MESSAGES.denied).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    const photo = await bwipjs.toBuffer({
      bcid: 'datamatrix',
      text: VIN,
      scale: 6,
      paddingwidth: 8,
      paddingheight: 8,
      backgroundcolor: 'FFFFFF',
    })
    await dialog.getByLabel(VIN_SCAN_MESSAGES.photoLabel).setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: photo })

    await expect.poll(() => page.getByLabel('VIN', { exact: true }).inputValue(), { timeout: 20_000 }).toBe(VIN)
    expect(await page.getByLabel('Make').inputValue()).toBe('Honda')
    expect(elsewhere).toEqual([])
  })
})

describe('scanning a VIN into the bulk sheet', () => {
  it("replaces a row's mistyped VIN with the one its label's barcode holds", async () => {
    const baseUrl = suiteUrl()
    const member = await registerMember(baseUrl, { fname: 'Sam', lname: 'Scanner' })
    await startTrial(baseUrl, await apiSignIn(baseUrl, member.email, member.password), 'PROFESSIONAL')
    const page = await (await browserFilming('code39', `I${VIN}`)).newPage({ viewport: PHONE })
    const errors = collectPageErrors(page)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    await page.waitForURL(`${baseUrl}/`)
    await page.goto(`${baseUrl}/bulk-order`)
    await page.getByLabel('Paste VINs').fill(`${VIN.slice(0, 16)}1`)
    await page.getByRole('button', { name: 'Check', exact: true }).click()
    const vinField = page.getByLabel('VIN, row 1', { exact: true })
    await expect.poll(() => vinField.getAttribute('aria-invalid')).toBe('true')

    await page.getByRole('button', { name: 'Scan VIN, row 1' }).click()
    await expect.poll(() => vinField.inputValue(), { timeout: 20_000 }).toBe(VIN)
    await expect.poll(() => vinField.getAttribute('aria-invalid')).toBeNull()
    expect(await page.getByLabel('Make, row 1', { exact: true }).inputValue()).toBe('Honda')
    expect(errors).toEqual([])
  })
})
