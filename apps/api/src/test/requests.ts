import { vinCheckDigit } from '@keydesk/contracts/vin'
import { pngImage } from './images.ts'

/** A VIN that passes every check for a 2016 Honda (HONDA_2016) and builders for other cases. */
export const HONDA_2016_VIN = '1HGCR2F31GA000000'

/** Builds a VIN with a correct check digit from a prefix (WMI and more) and a model-year code. */
export function validVin(prefix: string, yearCode: string, serial = '000001'): string {
  const draft = `${prefix.padEnd(8, 'A').slice(0, 8)}0${yearCode}A${serial}`
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`
}

export async function keycodeRequestForm(fields: Record<string, string> = {}, images: string[] = ['frontId', 'backId', 'registration']) {
  const form = new FormData()
  const values = { make: 'Honda', model: 'Civic', year: '2016', vin: HONDA_2016_VIN, ...fields }
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  const image = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' })
  for (const name of images) form.append(name, image, `${name}.png`)
  return form
}
