import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger'
import { CREDENTIAL_MESSAGES } from '@keydesk/contracts/credentials'
import { IMAGE_UPLOAD_RULE, UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { z } from 'zod'

/** What the service accepts in a file's bytes (lib/image-upload.ts, credentials/document-check.ts); readMultipart caps every file at 5 MB. */
const FILE_RULES = {
  image: IMAGE_UPLOAD_RULE,
  credential: `${CREDENTIAL_MESSAGES.fileType} ${UPLOAD_MESSAGES.tooLarge}`,
} as const

/**
 * The body of a route whose handler reads it itself with lib/multipart.ts, declared in the route's `config` for this
 * document only: Fastify still neither parses nor validates that body.
 */
export interface FormBody {
  /** The contract schema the service validates the text fields with, so the document lists exactly what is checked. */
  fields?: z.ZodObject
  /** The file fields the handler gives readMultipart, the rule each file must pass, and those the service requires. */
  files?: { names: readonly string[]; kind: keyof typeof FILE_RULES; required?: readonly string[] }
  /** A rule on the form as a whole that no single field states, such as files that go together. */
  description?: string
  /** The handler takes the same fields urlencoded as well (only a form without files can be sent so). */
  urlencoded?: true
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes that read a multipart body in the handler, so the OpenAPI document describes it. */
    formBody?: FormBody
  }
}

interface ObjectJsonSchema {
  type: 'object'
  properties?: Record<string, unknown>
  required?: string[]
}

/** The JSON schema of the text fields (from the Zod converter every other body goes through) with the file fields beside them. */
function formBodySchema(text: ObjectJsonSchema, form: FormBody) {
  const { files } = form
  const fileProperties = files
    ? Object.fromEntries(files.names.map((name) => [name, { type: 'string', format: 'binary', description: FILE_RULES[files.kind] }]))
    : {}
  const required = [...(text.required ?? []), ...(files?.required ?? [])]
  return {
    ...text,
    properties: { ...text.properties, ...fileProperties },
    ...(required.length > 0 ? { required } : {}),
    ...(form.description ? { description: form.description } : {}),
  }
}

const transform: SwaggerTransform = (document) => {
  const form = document.route.config?.formBody
  if (!form) return jsonSchemaTransform(document)
  const { schema, url } = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: form.fields } })
  const text = (schema.body as ObjectJsonSchema | undefined) ?? { type: 'object' }
  const consumes = form.urlencoded ? ['multipart/form-data', 'application/x-www-form-urlencoded'] : ['multipart/form-data']
  return { schema: { ...schema, body: formBodySchema(text, form), consumes }, url }
}

/**
 * The OpenAPI document of every route, built from the same Zod schemas that validate the calls (for a multipart
 * body, those its service validates with, named in `config.formBody`), so it cannot drift from them. Registered
 * before the routes (it collects them as they are added); the document itself is built on its first request, never
 * at start-up.
 */
async function openapi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Keydesk API',
        version: '1',
        description:
          'Keycode ordering for automotive locksmiths. Paths, payloads and answers are described in docs/product.md (section 12, the API contract).',
      },
    },
    transform,
  })
}

export default fp(openapi, { name: 'openapi' })
