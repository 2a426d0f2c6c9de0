import { makesKnownByCode } from '@keydesk/contracts/vin'
import { describe, expect, it } from 'vitest'
import catalogue from './vehicle-catalogue.json' with { type: 'json' }

describe('the catalogue and the VIN', () => {
  it('knows every catalogue make by its manufacturer codes, so a VIN can name it and a wrong one is refused', () => {
    const known = new Set(makesKnownByCode())
    expect(catalogue.makes.map((make) => make.name).filter((name) => !known.has(name))).toEqual([])
  })
})
