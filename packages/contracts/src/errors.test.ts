import { describe, expect, it } from 'vitest'
import { parseErrorAnswer } from './errors.ts'

describe('the error answer', () => {
  it('reads an answer of the API error shape', () => {
    const answer = { code: 'CONFLICT', message: 'Already released.', error: 'Already released.' }
    expect(parseErrorAnswer(answer)).toEqual(answer)
    const withDetails = { ...answer, code: 'VALIDATION_ERROR', details: [{ field: 'vin', message: 'Too short' }] }
    expect(parseErrorAnswer(withDetails)?.details).toEqual([{ field: 'vin', message: 'Too short' }])
  })

  it('answers null for a body without the shape', () => {
    expect(parseErrorAnswer(undefined)).toBeNull()
    expect(parseErrorAnswer('<html>Bad gateway</html>')).toBeNull()
    expect(parseErrorAnswer({ message: 'no code' })).toBeNull()
  })
})
