import { describe, expect, it } from 'vitest'
import { checkVin, decodeVin, makesKnownByCode } from './vin.ts'

/**
 * VINs of real vehicles, each with the make and model year its source states, so the manufacturer codes and the year
 * decoding are held to vehicles that exist rather than to VINs built for the test. Two public sources:
 *
 * - corgi: github.com/cardog-ai/corgi, test/fixtures.ts (commit 17b7113), VINs from Cardog's listings with their
 *   make, model and year;
 * - vin: github.com/davidpeckham/vin, tests/cars/test_decode.yaml (commit 23b0520), VINs with the make, model and year
 *   NHTSA's vPIC decodes them to.
 *
 * Every one passes its check digit. Several makes come under several manufacturer codes (Toyota under eight here, Jeep
 * under five, Dodge under four); a row whose code the table did not list was the reason to add that code.
 */
type Sample = [vin: string, make: string, year: number, model: string, source: 'corgi' | 'vin']

const REAL_VINS: Sample[] = [
  ['JH4KA2635HC013743', 'Acura', 1987, 'Legend', 'vin'],
  ['JH4DB1576LS806648', 'Acura', 1990, 'Integra LS', 'vin'],
  ['JH4DA9368PS006502', 'Acura', 1993, 'Integra GS', 'vin'],
  ['JH4DB7568SS006474', 'Acura', 1995, 'Integra LS Special', 'vin'],
  ['5J8TC2H93LL800699', 'Acura', 2020, 'RDX', 'corgi'],
  ['4W5KHNRL4RZ501903', 'Acura', 2024, 'ZDX', 'corgi'],
  ['5J8YE1H01SL802400', 'Acura', 2025, 'MDX', 'corgi'],
  ['2HGFG12616H006196', 'Honda', 2006, 'Civic', 'corgi'],
  ['5FNRL38297B007384', 'Honda', 2007, 'Odyssey', 'vin'],
  ['2HKRW2H20NH207506', 'Honda', 2022, 'CR-V', 'corgi'],
  ['2HGFE4F86SH011469', 'Honda', 2025, 'Civic', 'corgi'],
  ['1C4GJ25372B521864', 'Chrysler', 2002, 'Voyager', 'vin'],
  ['2C3CCACG6CH275007', 'Chrysler', 2012, '300', 'vin'],
  ['2C4RC1L70PR614477', 'Chrysler', 2023, 'Pacifica', 'corgi'],
  ['1B7HF16Y4TS518710', 'Dodge', 1996, 'Ram 1500', 'vin'],
  ['1B4GP54RXVB379372', 'Dodge', 1997, 'Caravan', 'vin'],
  ['1B4HS28N51F542134', 'Dodge', 2001, 'Durango', 'vin'],
  ['2D8GP44L05R217097', 'Dodge', 2005, 'Caravan', 'vin'],
  ['2B3CJ7DW4AH121212', 'Dodge', 2010, 'Challenger', 'corgi'],
  ['1JCMR7849JT185834', 'Jeep', 1988, 'Cherokee', 'vin'],
  ['1J4FA29P3YP729948', 'Jeep', 2000, 'Wrangler', 'vin'],
  ['1J4BA3H12AL171413', 'Jeep', 2010, 'Wrangler Unlimited', 'vin'],
  ['1C4GJWAG3DL544796', 'Jeep', 2013, 'Wrangler', 'vin'],
  ['1C41JUEJ7NC002943', 'Jeep', 2022, 'Grand Wagoneer', 'vin'],
  ['1C4PJMBN0PD109492', 'Jeep', 2023, 'Cherokee', 'corgi'],
  ['3C4NJDBN1ST538862', 'Jeep', 2025, 'Compass', 'corgi'],
  ['1C6RJTBG8TL161612', 'Jeep', 2026, 'Gladiator', 'corgi'],
  ['1FMCU14T3JU402061', 'Ford', 1988, 'Bronco II', 'vin'],
  ['1FTEF14N5KNB35920', 'Ford', 1989, 'F-150', 'vin'],
  ['1FTJW36F9TEA02868', 'Ford', 1996, 'F-350', 'vin'],
  ['1FTRX12W28FB34687', 'Ford', 2008, 'F-150', 'corgi'],
  ['3FAHP0CG7AR407361', 'Ford', 2010, 'Fusion', 'corgi'],
  ['1FTFW5L86RFB45612', 'Ford', 2024, 'F-150', 'corgi'],
  ['3FTTW8A35SRA58370', 'Ford', 2025, 'Maverick', 'corgi'],
  ['3FMCR9DA1SRE41113', 'Ford', 2025, 'Bronco Sport', 'corgi'],
  ['1FMCU9GN1TUA36201', 'Ford', 2026, 'Escape', 'corgi'],
  ['5LMPJ8KA4SJ919859', 'Lincoln', 2025, 'Nautilus', 'corgi'],
  ['5LM5J7XCXSGL00787', 'Lincoln', 2025, 'Aviator', 'corgi'],
  ['KM8JN72D07U585496', 'Hyundai', 2007, 'Tucson', 'vin'],
  ['5NPEB4AC9DH571382', 'Hyundai', 2013, 'Sonata', 'vin'],
  ['5XYZUDLB3DG001966', 'Hyundai', 2013, 'Santa Fe Sport', 'vin'],
  ['5NMS3CAA0LH217545', 'Hyundai', 2020, 'Santa Fe', 'corgi'],
  ['KM8R5DGE3PU560806', 'Hyundai', 2023, 'Palisade', 'corgi'],
  ['KMHRC8A33RU325703', 'Hyundai', 2024, 'Venue', 'corgi'],
  ['JNKCV51F54M711589', 'Infiniti', 2004, 'G35', 'vin'],
  ['5N3ZA0NE1AN908084', 'Infiniti', 2010, 'QX56', 'vin'],
  ['5N1AL0MM8DC306971', 'Infiniti', 2013, 'JX35', 'vin'],
  ['5XYKTCA62DG346197', 'Kia', 2013, 'Sorento', 'vin'],
  ['KNDERCAA9M7182895', 'Kia', 2021, 'Seltos', 'corgi'],
  ['3KPF54AD7ME321714', 'Kia', 2021, 'Forte', 'corgi'],
  ['KNDPUCDF9S7368156', 'Kia', 2025, 'Sportage', 'corgi'],
  ['5XYP5DGC3SG621138', 'Kia', 2025, 'Telluride', 'corgi'],
  ['1N6SD16S6NC347945', 'Nissan', 1992, 'Pickup', 'vin'],
  ['JN8AZ28R59T128050', 'Nissan', 2009, 'Cube', 'vin'],
  ['5N1AT2MVXLC807279', 'Nissan', 2020, 'Rogue', 'corgi'],
  ['3N8AP6CB1SL419565', 'Nissan', 2025, 'Kicks', 'corgi'],
  ['JN8BT3AB4SW412749', 'Nissan', 2025, 'Rogue', 'corgi'],
  ['2T1BR30E36C599972', 'Toyota', 2006, 'Corolla', 'vin'],
  ['JTEBU11F470006153', 'Toyota', 2007, 'FJ Cruiser', 'corgi'],
  ['JTDBT923291344240', 'Toyota', 2009, 'Yaris', 'corgi'],
  ['4T1BB3EK5AU118081', 'Toyota', 2010, 'Camry', 'vin'],
  ['JTKKU4B40C1028652', 'Toyota', 2012, 'Scion xD', 'vin'],
  ['JTDBBRBE6LJ007243', 'Toyota', 2020, 'Corolla', 'corgi'],
  ['JTNKHMBX1L1083032', 'Toyota', 2020, 'C-HR', 'corgi'],
  ['2T3B1RFV0SC582226', 'Toyota', 2025, 'RAV4', 'corgi'],
  ['3TYLB5JN8TT109813', 'Toyota', 2026, 'Tacoma', 'corgi'],
  ['JTHCK262785015684', 'Lexus', 2008, 'IS 250', 'corgi'],
  ['JTHFN45Y389019133', 'Lexus', 2008, 'SC 430', 'corgi'],
  ['JTHFE2C23A2509749', 'Lexus', 2010, 'IS 350C', 'vin'],
  ['2T2KGCEZ8RC048602', 'Lexus', 2024, 'NX 350', 'corgi'],
  ['2T2BAMCA8TC137310', 'Lexus', 2026, 'RX', 'corgi'],
  ['1G1JC1440PZ215164', 'Chevrolet', 1993, 'Cavalier', 'vin'],
  ['2GCEC19Z0S1245490', 'Chevrolet', 1995, 'C/K pickup', 'vin'],
  ['1GCEC14W6TZ228585', 'Chevrolet', 1996, 'C/K pickup', 'vin'],
  ['1GCHK29U21E231713', 'Chevrolet', 2001, 'Silverado 2500', 'vin'],
  ['3GNKBHR47NS184058', 'Chevrolet', 2022, 'Blazer', 'corgi'],
  ['1G1YC2D47T5102754', 'Chevrolet', 2026, 'Corvette', 'corgi'],
  ['KL77LJE29TC062289', 'Chevrolet', 2026, 'Trax', 'corgi'],
  ['1GTGK13U83F214071', 'GMC', 2003, 'Sierra 1500', 'corgi'],
  ['1GKLVKED6AJ152841', 'GMC', 2010, 'Acadia', 'vin'],
  ['2GKFLTEK4H6343592', 'GMC', 2017, 'Terrain', 'corgi'],
  ['1GT49VEY4LF338098', 'GMC', 2020, 'Sierra 3500HD', 'corgi'],
  ['3GKALUEG5SL191305', 'GMC', 2025, 'Terrain', 'corgi'],
  ['1GKENPKS9TJ130604', 'GMC', 2026, 'Acadia', 'corgi'],
  ['1G4GD5ED5BF334614', 'Buick', 2011, 'LaCrosse', 'vin'],
  ['W06VR52R6WR227722', 'Cadillac', 1998, 'Catera', 'vin'],
  ['1GYKPGRS2RZ729668', 'Cadillac', 2024, 'XT6', 'corgi'],
  ['3GYK3GM46TS148439', 'Cadillac', 2026, 'Optiq', 'corgi'],
  ['JM1FE173540134610', 'Mazda', 2004, 'RX-8', 'vin'],
  ['JM3TCBCY6M0454042', 'Mazda', 2021, 'CX-9', 'corgi'],
  ['JM3KFBCM8P0225916', 'Mazda', 2023, 'CX-5', 'corgi'],
  ['JM1NDAM79S0658829', 'Mazda', 2025, 'MX-5', 'corgi'],
  ['4A3AK24F36E026691', 'Mitsubishi', 2006, 'Eclipse', 'vin'],
  ['JF2SH62689G711814', 'Subaru', 2009, 'Forester', 'corgi'],
  ['4S4WX9JD2A4402717', 'Subaru', 2010, 'Tribeca', 'corgi'],
  ['JF1VBAL68P9806699', 'Subaru', 2023, 'WRX', 'corgi'],
  ['JF2GUADC6S8315811', 'Subaru', 2025, 'Crosstrek', 'corgi'],
  ['4S4GUHU63S3737318', 'Subaru', 2025, 'Crosstrek', 'corgi'],
  ['4S4SLDB69T3023252', 'Subaru', 2026, 'Forester', 'corgi'],
  ['4USBU53567LW92799', 'BMW', 2007, 'Z4', 'corgi'],
  ['WBSPM9C52BE209978', 'BMW', 2011, 'M3', 'vin'],
  ['WBAVL1C5XFVY41004', 'BMW', 2015, 'X1', 'corgi'],
  ['5UXWX9C58F0D45921', 'BMW', 2015, 'X3', 'corgi'],
  ['5UXCY6C07L9C95894', 'BMW', 2020, 'X6', 'corgi'],
  ['WBX73EF02T5577908', 'BMW', 2026, 'X1', 'corgi'],
]

const sample = (vin: string): Sample => {
  const row = REAL_VINS.find(([sampleVin]) => sampleVin === vin)
  if (!row) throw new Error(`${vin} is not among the real VINs`)
  return row
}

describe('real VINs of the catalogue makes', () => {
  it.each(REAL_VINS)('reads %s as a %s of model year %i (%s, source: %s)', (vin, make, year) => {
    expect(checkVin(vin, { make, year })).toBeNull()
    const decoded = decodeVin(vin)
    expect(decoded?.makes).toContain(make)
    expect(decoded?.year).toBe(year)
  })

  it('has a real VIN of every make known by its manufacturer codes', () => {
    const sampled = new Set(REAL_VINS.map(([, make]) => make))
    expect(makesKnownByCode().filter((make) => !sampled.has(make))).toEqual([])
  })

  it('reads the same year code in both 30-year cycles, by the 7th character', () => {
    // L, S and T each stand for a year of the 1990s (7th character a digit) and one of the 2020s (a letter).
    for (const [older, newer] of [
      ['JH4DB1576LS806648', '5J8TC2H93LL800699'],
      ['JH4DB7568SS006474', '5J8YE1H01SL802400'],
      ['1GCEC14W6TZ228585', '1G1YC2D47T5102754'],
    ] as const) {
      expect(older[9]).toBe(newer[9])
      expect(decodeVin(older)?.year).toBe(sample(older)[2])
      expect(decodeVin(newer)?.year).toBe(sample(newer)[2])
      expect((decodeVin(newer)?.year ?? 0) - (decodeVin(older)?.year ?? 0)).toBe(30)
    }
  })

  it('names every make that shares a manufacturer code, for the buyer to choose', () => {
    expect(decodeVin('1C4GJ25372B521864')?.makes).toEqual(['Chrysler', 'Dodge', 'Jeep'])
    expect(decodeVin('1C4PJMBN0PD109492')?.makes).toEqual(['Chrysler', 'Dodge', 'Jeep'])
    expect(decodeVin('5XYZUDLB3DG001966')?.makes).toEqual(['Hyundai', 'Kia'])
    expect(decodeVin('5XYKTCA62DG346197')?.makes).toEqual(['Hyundai', 'Kia'])
    expect(decodeVin('5N1AL0MM8DC306971')?.makes).toEqual(['Infiniti', 'Nissan'])
    expect(decodeVin('5N1AT2MVXLC807279')?.makes).toEqual(['Infiniti', 'Nissan'])
  })
})
