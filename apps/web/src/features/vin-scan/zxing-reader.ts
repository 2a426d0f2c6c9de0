import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

// Left to itself the library fetches its WebAssembly from a public CDN; the build serves the file from our own origin,
// which the content security policy allows and a phone on a shop's network can reach.
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } })

/** The texts of the VIN barcodes (Code 39, Data Matrix, QR) in an image, read by the WebAssembly build of ZXing. */
export async function readWithZxing(image: Blob | ImageData): Promise<string[]> {
  const results = await readBarcodes(image, { formats: ['Code39', 'DataMatrix', 'QRCode'], tryHarder: true, maxNumberOfSymbols: 1 })
  return results.filter((result) => result.isValid).map((result) => result.text)
}
