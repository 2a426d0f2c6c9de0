import type { CatalogueMake } from '@keydesk/contracts/catalogue'
import { checkVin, decodeVin } from '@keydesk/contracts/vin'
import { useEffect } from 'react'
import type { KeycodeRequestFormState } from './use-keycode-request-form.ts'

/** The catalogue's makes a VIN's manufacturer code can stand for. */
const catalogueMakesOf = (vin: string, catalogue: CatalogueMake[]) =>
  decodeVin(vin)?.makes.filter((name) => catalogue.some((entry) => entry.name === name)) ?? []

/**
 * The vehicle's choices as the VIN narrows them: the models of the chosen make in the VIN's year, the year filled in
 * once the chosen model offers it, the make filled in from a VIN that names only one; and the VIN's own problem
 * against the make and year chosen. Every filled value can still be changed.
 */
export function useVinChoices(form: KeycodeRequestFormState, catalogue: CatalogueMake[]) {
  const [make, model, year, vin] = form.watch(['make', 'model', 'year', 'vin'])
  const selectedMake = catalogue.find((entry) => entry.name === make)
  const selectedModel = selectedMake?.models.find((entry) => entry.name === model)
  const vinMakes = catalogueMakesOf(vin, catalogue)
  const vinYear = decodeVin(vin)?.year ?? null
  const modelsForYear = selectedMake?.models.filter((entry) => vinYear === null || entry.years.includes(vinYear)) ?? []
  const modelOptions = modelsForYear.length > 0 ? modelsForYear : (selectedMake?.models ?? [])
  // The year goes in once its option exists: after the render that shows the chosen model's years.
  const yearToFill = year === '' && vinYear !== null && selectedModel?.years.includes(vinYear) ? String(vinYear) : null
  useEffect(() => {
    if (yearToFill) form.setValue('year', yearToFill)
  }, [yearToFill, form])

  function fillFromVin(typed: string) {
    const [onlyMake, ...others] = catalogueMakesOf(typed, catalogue)
    if (form.getValues('make') !== '' || others.length > 0 || !onlyMake) return
    form.setValue('make', onlyMake)
    form.setValue('model', '')
    form.setValue('year', '')
  }

  const vinProblem = vin.trim() ? checkVin(vin, { make: make || undefined, year: year ? Number(year) : undefined }) : null
  /** A VIN whose code stands for several makes leaves the make to choose, and says so. */
  const ambiguousMakes = make === '' && vinMakes.length > 1 ? vinMakes : null

  return { selectedMake, selectedModel, modelOptions, vinProblem, ambiguousMakes, fillFromVin }
}
