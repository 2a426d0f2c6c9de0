/**
 * The makes Basic's "Limited vehicle access (Ford, Nissan, Chevy)" covers, by their catalogue names. "Chevy" is
 * Chevrolet alone: GMC, Buick and Cadillac are their own makes in the catalogue and on the pricing page.
 * Apart from the price rule (keycode-prices.ts) because the pricing page names them without pricing a line.
 */
export const BASIC_COVERED_MAKES = ['Ford', 'Nissan', 'Chevrolet'] as const
export const BASIC_COVERED_MAKES_TEXT = 'Ford, Nissan and Chevrolet'
export const isBasicCovered = (make: string) => (BASIC_COVERED_MAKES as readonly string[]).includes(make)
