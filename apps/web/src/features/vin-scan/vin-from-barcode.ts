import { checkVin, normalizeVin } from '@keydesk/contracts/vin'
import { VIN_SCAN_MESSAGES } from './vin-scan-messages.ts'

export type BarcodeVin = { vin: string } | { problem: string }

/**
 * The VIN a barcode holds, held to the same check as a typed one. Code 39 labels often print an "I" before the VIN (the
 * import marker): a VIN never contains an I, so one leading I before 17 characters is the marker, not part of the VIN.
 */
export function vinFromBarcode(text: string): BarcodeVin {
  const read = normalizeVin(text)
  const vin = read.length === 18 && read.startsWith('I') ? read.slice(1) : read
  const problem = checkVin(vin)
  if (problem === null) return { vin }
  return { problem: problem.code === 'VIN_CHECK_DIGIT' ? VIN_SCAN_MESSAGES.checkDigitFails : VIN_SCAN_MESSAGES.notAVin }
}
