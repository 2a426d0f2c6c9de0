import { describe, expect, it } from 'vitest'
import { vinFromBarcode } from './vin-from-barcode.ts'
import { VIN_SCAN_MESSAGES } from './vin-scan-messages.ts'

// A 2016 Honda Civic's VIN whose check digit is right (packages/contracts/src/vin.test.ts).
const VIN = '1HGCR2F31GA000000'

describe('the VIN of a scanned barcode', () => {
  it('takes a barcode that is a whole, valid VIN', () => expect(vinFromBarcode(VIN)).toEqual({ vin: VIN }))

  it('drops the import marker I that Code 39 labels print before the VIN', () => expect(vinFromBarcode(`I${VIN}`)).toEqual({ vin: VIN }))

  it('drops spaces around and inside the read text and reads lower case as upper', () =>
    expect(vinFromBarcode(`  ${VIN.slice(0, 8).toLowerCase()} ${VIN.slice(8)} \n`)).toEqual({ vin: VIN }))

  it('keeps a leading I that is not a marker, and so refuses it', () =>
    expect(vinFromBarcode(`I${VIN.slice(1)}`)).toEqual({ problem: VIN_SCAN_MESSAGES.notAVin }))

  it('says a barcode that is not a VIN is not one', () =>
    expect(vinFromBarcode('https://example.com/warranty')).toEqual({ problem: VIN_SCAN_MESSAGES.notAVin }))

  it('refuses a VIN-shaped barcode whose check digit fails, as a typed one is', () =>
    expect(vinFromBarcode('1HGCR2F31GA000001')).toEqual({ problem: VIN_SCAN_MESSAGES.checkDigitFails }))
})
