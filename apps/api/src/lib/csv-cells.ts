/**
 * A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage return) as a formula, so such a
 * cell is written with a leading apostrophe, as OWASP's CSV-injection advice says. Every CSV the API writes
 * casts its strings through this.
 */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}
