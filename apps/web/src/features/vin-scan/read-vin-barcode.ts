import type { RefObject } from 'react'

/** The barcode kinds of a VIN label: Code 39 on older door-jamb labels, Data Matrix and QR on newer ones. */
const BROWSER_FORMATS = ['code_39', 'data_matrix', 'qr_code']

/** The part of the Shape Detection API the reader uses (not yet in TypeScript's DOM types). */
interface BrowserBarcodeDetector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>
}
interface BrowserBarcodeDetectorClass {
  new (options: { formats: string[] }): BrowserBarcodeDetector
  getSupportedFormats(): Promise<string[]>
}

export interface BarcodeReader {
  /** Which decoder reads: the browser's own BarcodeDetector, or the WebAssembly one the app serves. */
  kind: 'browser' | 'wasm'
  /** The texts of the barcodes in the video's current frame or in a photo; none when it shows none. */
  read(source: HTMLVideoElement | Blob): Promise<string[]>
}

/**
 * A reader for VIN barcodes: the browser's BarcodeDetector where it reads all three kinds (Chrome on Android), else
 * ZXing compiled to WebAssembly (Safari on iPhone, desktop browsers). The WebAssembly decoder is about 1 MB, so it is
 * fetched only here, once someone asks to scan, and never with the pages.
 */
export async function openBarcodeReader(): Promise<BarcodeReader> {
  const detector = await browserDetector()
  if (detector) {
    return {
      kind: 'browser',
      read: async (source) => {
        if (!(source instanceof Blob)) return textsOf(await detector.detect(source))
        const photo = await createImageBitmap(source)
        try {
          return textsOf(await detector.detect(photo))
        } finally {
          photo.close()
        }
      },
    }
  }
  const { readWithZxing } = await import('./zxing-reader.ts')
  return { kind: 'wasm', read: (source) => readWithZxing(source instanceof Blob ? source : frameOf(source)) }
}

/** One reader for the scanner's life: the WebAssembly decoder is fetched once, for the first frame or photo. */
export function readerOf(ref: RefObject<Promise<BarcodeReader> | null>): Promise<BarcodeReader> {
  ref.current ??= openBarcodeReader()
  return ref.current
}

async function browserDetector(): Promise<BrowserBarcodeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: BrowserBarcodeDetectorClass }).BarcodeDetector
  if (!Detector) return null
  const supported = await Detector.getSupportedFormats().catch((): string[] => [])
  if (!BROWSER_FORMATS.every((format) => supported.includes(format))) return null
  return new Detector({ formats: BROWSER_FORMATS })
}

const textsOf = (barcodes: { rawValue: string }[]) => barcodes.map((barcode) => barcode.rawValue)

/** The video's current frame as pixels, which is what the WebAssembly decoder reads. */
function frameOf(video: HTMLVideoElement): ImageData {
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context || canvas.width === 0) return new ImageData(1, 1)
  context.drawImage(video, 0, 0)
  return context.getImageData(0, 0, canvas.width, canvas.height)
}
