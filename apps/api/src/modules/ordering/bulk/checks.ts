import { BULK_MESSAGES, BULK_REFERENCE_MAX, type BulkRowInput, type CheckedBulkRow } from '@keydesk/contracts/bulk'
import { checkVin, makesOfVin, modelYearsFor, normalizeVin } from '@keydesk/contracts/vin'

export interface CatalogueEntry {
  name: string
  models: { name: string; years: number[] }[]
}

/** Names compared as people type them: no case, spaces, hyphens or dots ('f150' is 'F-150'). */
const loose = (name: string) => name.toLowerCase().replace(/[\s\-.]/g, '')

/**
 * Every check of a bulk row (docs/product.md, 'Bulk ordering'): the VIN's characters and check digit, its model year
 * from the 10th character, its make from the manufacturer code where the VIN tells it, a model of that make offered
 * in that year, and duplicates within the batch and against the member's open orders. Make and year are filled in
 * where the VIN tells them; the model where the row names one the catalogue has, or where the catalogue has only one
 * model of that make in that year.
 */
export function checkBulkRows(
  rows: BulkRowInput[],
  catalogue: CatalogueEntry[],
  openVins: ReadonlySet<string>,
  now: Date,
): CheckedBulkRow[] {
  // The catalogue's names are compared once per row or more: each is made loose once per call, not each time.
  const looseNames = new Map<string, string>()
  const looseName = (name: string) => {
    let made = looseNames.get(name)
    if (made === undefined) {
      made = loose(name)
      looseNames.set(name, made)
    }
    return made
  }
  const makeByLooseName = new Map(catalogue.map((make) => [loose(make.name), make]))
  const allMakes = catalogue.map((make) => make.name)
  const firstRowOfVin = new Map<string, number>()
  const latestYear = now.getUTCFullYear() + 1
  return rows.map((row, index) => {
    const problems: CheckedBulkRow['problems'] = []
    const vin = normalizeVin(row.vin)
    // Without a make or year to hold it to, checkVin judges the VIN's own shape: characters, length, check digit.
    const vinProblem = checkVin(vin)
    const vinIsSound = vinProblem === null
    if (vinProblem) problems.push({ field: 'vin', message: vinProblem.message })

    const vinMakes = vinIsSound ? makesOfVin(vin).filter((name) => makeByLooseName.has(looseName(name))) : []
    let make: CatalogueEntry | undefined
    if (row.make?.trim()) {
      make = makeByLooseName.get(loose(row.make))
      if (!make) problems.push({ field: 'make', message: BULK_MESSAGES.makeUnknown })
    } else if (vinMakes.length === 1) {
      make = makeByLooseName.get(looseName(vinMakes[0] ?? ''))
    } else if (vinIsSound) {
      problems.push({ field: 'make', message: vinMakes.length > 1 ? BULK_MESSAGES.makeAmbiguous(vinMakes) : BULK_MESSAGES.makeNeeded })
    }

    let year: number | null = null
    if (row.year?.trim()) {
      const typed = Number(row.year.trim())
      if (Number.isInteger(typed) && typed >= 1980 && typed <= latestYear) year = typed
      else problems.push({ field: 'year', message: BULK_MESSAGES.yearNeeded })
    } else if (vinIsSound) {
      const candidates = modelYearsFor(vin[9] ?? '').filter((candidate) => candidate <= latestYear)
      const offered = make ? candidates.filter((candidate) => make.models.some((model) => model.years.includes(candidate))) : []
      year = offered.at(-1) ?? candidates.at(-1) ?? null
      if (year === null) problems.push({ field: 'year', message: BULK_MESSAGES.yearNeeded })
    }

    // A make or year the VIN rules out is the row's problem; its models would only add noise.
    let vehicleFits = make !== undefined && year !== null
    if (vinIsSound && make) {
      const mismatch = checkVin(vin, { make: make.name, ...(year === null ? {} : { year }) })
      if (mismatch) {
        problems.push({ field: mismatch.code === 'VIN_YEAR' ? 'year' : 'vin', message: mismatch.message })
        vehicleFits = false
      }
    }

    const modelOptions = make && year !== null ? make.models.filter((model) => model.years.includes(year)).map((model) => model.name) : []
    // One model of this make in this year leaves nothing to choose: proposed, and taken where the row names none.
    const proposedModel = vehicleFits && modelOptions.length === 1 ? (modelOptions[0] ?? null) : null
    let model: string | null = null
    if (vehicleFits) {
      const typedModel = row.model?.trim() ?? ''
      if (modelOptions.length === 0) problems.push({ field: 'year', message: BULK_MESSAGES.yearNotOffered })
      else if (typedModel === '' && proposedModel !== null) model = proposedModel
      else if (typedModel === '') problems.push({ field: 'model', message: BULK_MESSAGES.modelNeeded })
      else {
        const typed = loose(typedModel)
        model = modelOptions.find((option) => looseName(option) === typed) ?? null
        if (!model) problems.push({ field: 'model', message: BULK_MESSAGES.modelUnknown(typedModel) })
      }
    }

    if (vin !== '') {
      const first = firstRowOfVin.get(vin)
      if (first !== undefined) problems.push({ field: 'vin', message: BULK_MESSAGES.duplicateInBatch(first + 1) })
      else {
        firstRowOfVin.set(vin, index)
        if (openVins.has(vin)) problems.push({ field: 'vin', message: BULK_MESSAGES.duplicateOpen })
      }
    }

    const reference = row.reference?.trim() ?? ''
    if (reference.length > BULK_REFERENCE_MAX) problems.push({ field: 'reference', message: BULK_MESSAGES.referenceTooLong })

    return {
      vin,
      make: make?.name ?? null,
      model,
      year,
      reference,
      makeOptions: vinMakes.length > 0 ? vinMakes : allMakes,
      modelOptions,
      proposedModel,
      problems,
      typed: row,
    }
  })
}
