import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VIN_SCAN_MESSAGES } from '../vin-scan-messages.ts'
import { ScanVinButton } from './scan-vin-button.tsx'

// The browser's BarcodeDetector answers what each test puts in front of the camera or in the photo. The WebAssembly
// decoder, and the real reading of real barcodes, are exercised by the browser journeys (apps/web/e2e/vin-scan.e2e.ts).
const barcodes = { inView: [] as string[], inPhoto: [] as string[] }
class FakeBarcodeDetector {
  static getSupportedFormats = async () => ['code_39', 'data_matrix', 'qr_code', 'ean_13']
  detect = async (source: unknown) =>
    (source instanceof HTMLVideoElement ? barcodes.inView : barcodes.inPhoto).map((rawValue) => ({ rawValue }))
}

const VIN = '1HGCR2F31GA000000'

function withMediaDevices(mediaDevices: Partial<MediaDevices> | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true })
}

function cameraWith(answer: () => Promise<MediaStream>) {
  const getUserMedia = vi.fn(answer)
  withMediaDevices({ getUserMedia })
  return getUserMedia
}

function workingCamera() {
  const track = { stop: vi.fn() }
  // A stream the video element accepts (happy-dom's MediaStream has no tracks of its own).
  const stream = Object.assign(new MediaStream(), { getTracks: () => [track] })
  const getUserMedia = cameraWith(async () => stream)
  return { track, getUserMedia }
}

async function openScanner() {
  const onVin = vi.fn()
  const user = userEvent.setup()
  render(<ScanVinButton onVin={onVin} />)
  await user.click(screen.getByRole('button', { name: VIN_SCAN_MESSAGES.button }))
  return { onVin, user }
}

const photo = () => new File(['label'], 'label.jpg', { type: 'image/jpeg' })

beforeEach(() => {
  barcodes.inView = []
  barcodes.inPhoto = []
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector)
  vi.stubGlobal('createImageBitmap', async () => ({ close: () => undefined }))
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

describe('Scan VIN', () => {
  it('asks for the rear camera', async () => {
    const { getUserMedia } = workingCamera()
    await openScanner()
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false }))
    expect(await screen.findByText(VIN_SCAN_MESSAGES.aim)).toBeInTheDocument()
  })

  it('hands over the VIN the camera reads, closes and turns the camera off', async () => {
    const { track } = workingCamera()
    barcodes.inView = [VIN]
    const { onVin } = await openScanner()
    await waitFor(() => expect(onVin).toHaveBeenCalledWith(VIN))
    expect(screen.queryByText(VIN_SCAN_MESSAGES.aim)).not.toBeInTheDocument()
    expect(track.stop).toHaveBeenCalled()
  })

  it('says a barcode that is not a VIN is not one, and hands nothing over', async () => {
    workingCamera()
    barcodes.inView = ['https://example.com/warranty']
    const { onVin } = await openScanner()
    expect(await screen.findByRole('alert')).toHaveTextContent(VIN_SCAN_MESSAGES.notAVin)
    expect(onVin).not.toHaveBeenCalled()
  })

  it('turns the camera off when the dialog is closed without a VIN', async () => {
    const { track } = workingCamera()
    const { user } = await openScanner()
    await screen.findByText(VIN_SCAN_MESSAGES.aim)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(track.stop).toHaveBeenCalled()
  })

  it('explains a camera that was not allowed and reads a photo of the label instead', async () => {
    cameraWith(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError')
    })
    barcodes.inPhoto = [`I${VIN}`]
    const { onVin, user } = await openScanner()
    expect(await screen.findByText(VIN_SCAN_MESSAGES.denied)).toBeInTheDocument()
    await user.upload(screen.getByLabelText(VIN_SCAN_MESSAGES.photoLabel), photo())
    await waitFor(() => expect(onVin).toHaveBeenCalledWith(VIN))
  })

  it('explains a device without a camera and offers a photo, taken with the rear camera where there is one', async () => {
    withMediaDevices(undefined)
    await openScanner()
    expect(await screen.findByText(VIN_SCAN_MESSAGES.noCamera)).toBeInTheDocument()
    const input = screen.getByLabelText(VIN_SCAN_MESSAGES.photoLabel)
    expect(input).toHaveAttribute('accept', 'image/*')
    expect(input).toHaveAttribute('capture', 'environment')
  })

  it('says so when a photo shows no barcode', async () => {
    cameraWith(async () => {
      throw new DOMException('No camera', 'NotFoundError')
    })
    const { onVin, user } = await openScanner()
    await user.upload(await screen.findByLabelText(VIN_SCAN_MESSAGES.photoLabel), photo())
    expect(await screen.findByRole('alert')).toHaveTextContent(VIN_SCAN_MESSAGES.noBarcodeInPhoto)
    expect(onVin).not.toHaveBeenCalled()
  })
})
