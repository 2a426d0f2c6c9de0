import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@keydesk/contracts/text'
import type { FastifySchemaCompiler } from 'fastify'
import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { $ZodType } from 'zod/v4/core'

/**
 * The contracts' Zod validation, plus one rule for every field of every request: no control characters
 * (contracts/text.ts). Without it a NUL reached PostgreSQL, which refused the row with a 500.
 */
export const contractValidator: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route)
  return (data) => {
    // The Zod compiler answers synchronously with { value } or { error }.
    const result = validate(data) as { value?: unknown; error?: FastifySchemaValidationError[] | Error }
    if (result.error) return result
    const path = findControlCharacter(result.value)
    if (path === null) return result
    return {
      error: [
        {
          keyword: 'controlCharacter',
          instancePath: path === '/' ? '' : path,
          schemaPath: '#',
          params: {},
          message: CONTROL_CHARACTER_MESSAGE,
        },
      ],
    }
  }
}
