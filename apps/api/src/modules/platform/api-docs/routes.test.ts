import {
  AdminRegisterFieldsSchema,
  REGISTRATION_DOCUMENTS,
  RegisterFieldsSchema,
  UpdateProfileFieldsSchema as UpdateUserDetailsFieldsSchema,
} from '@keydesk/contracts/accounts-api'
import { NotesBodySchema } from '@keydesk/contracts/admin'
import { CREDENTIAL_FIELDS, CREDENTIAL_MESSAGES } from '@keydesk/contracts/credentials'
import { PASSWORD_MAX, PASSWORD_MIN_REGISTER_PAGE } from '@keydesk/contracts/limits'
import { PROFILE_IMAGE_FIELDS, UpdateProfileFieldsSchema } from '@keydesk/contracts/profile'
import { REGIONS } from '@keydesk/contracts/states'
import { IMAGE_UPLOAD_RULE, UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import {
  KEYCODE_REQUEST_IMAGES,
  KeycodeRequestFieldsSchema,
  ORDERING_MESSAGES,
  UPDATE_REQUEST_IMAGES,
  UpdateRequestFieldsSchema,
} from '@keydesk/contracts/vehicle-request'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { UPDATE_PROFILE_IMAGES } from '../../back-office/member-accounts/service.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

/** Fastify writes `/api/files/:id`, OpenAPI `/api/files/{id}`. */
function openapiPath(url: string) {
  return url.replace(/:([A-Za-z]+)/g, '{$1}')
}

interface MultipartRoute {
  method: string
  path: string
  /** The contract schema the route's service validates the text fields with. */
  fields: z.ZodObject | null
  files: readonly string[]
  /** The files the service refuses to go without, whoever sends the form. */
  requiredFiles: readonly string[]
  fileRule: string
}

const noFiles = { files: [], requiredFiles: [], fileRule: '' }
const images = (files: readonly string[], requiredFiles: readonly string[] = []) => ({
  files,
  requiredFiles,
  fileRule: IMAGE_UPLOAD_RULE,
})

/** Every route whose handler reads its body with lib/multipart.ts. */
const MULTIPART_ROUTES: MultipartRoute[] = [
  { method: 'post', path: '/api/auth/register', fields: RegisterFieldsSchema, ...images(REGISTRATION_DOCUMENTS, REGISTRATION_DOCUMENTS) },
  { method: 'post', path: '/api/auth/admin-register', fields: AdminRegisterFieldsSchema, ...noFiles },
  { method: 'put', path: '/api/user/profile', fields: UpdateProfileFieldsSchema, ...images(PROFILE_IMAGE_FIELDS) },
  { method: 'post', path: '/api/vehicle/request-keycode-public', fields: KeycodeRequestFieldsSchema, ...images(KEYCODE_REQUEST_IMAGES) },
  { method: 'put', path: '/api/vehicle/update-request/{id}', fields: UpdateRequestFieldsSchema, ...images(UPDATE_REQUEST_IMAGES) },
  { method: 'put', path: '/api/auth/updateProfile', fields: UpdateUserDetailsFieldsSchema, ...images(UPDATE_PROFILE_IMAGES) },
  { method: 'patch', path: '/api/admin/users/{id}/notes', fields: NotesBodySchema, ...noFiles },
  {
    method: 'put',
    path: '/api/user/credentials',
    fields: null,
    files: CREDENTIAL_FIELDS,
    requiredFiles: [],
    fileRule: `${CREDENTIAL_MESSAGES.fileType} ${UPLOAD_MESSAGES.tooLarge}`,
  },
]

interface FormSchema {
  properties: Record<string, Record<string, unknown>>
  required?: string[]
  description?: string
}

interface Operation {
  requestBody?: { required?: boolean; content: Record<string, { schema: FormSchema }> }
}

async function documentedOperation(route: { method: string; path: string }): Promise<Operation> {
  const paths = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths
  return paths[route.path][route.method]
}

async function documentedForm(route: { method: string; path: string }): Promise<FormSchema> {
  const body = (await documentedOperation(route)).requestBody
  return body?.content['multipart/form-data']?.schema ?? { properties: {} }
}

const isFile = (property: Record<string, unknown>) => property.format === 'binary'

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document anyone may read', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'Keydesk API' } })
  })

  it('lists every route the app serves, with the method it answers', async () => {
    const paths: Record<string, Record<string, unknown>> = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
      .paths
    const served = testApp.app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && route.url !== '/api/openapi.json' && !route.url.includes('*'),
    )
    const missing = served
      .filter((route) => !paths[openapiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`)
    expect(served.length).toBeGreaterThan(60)
    expect(missing).toEqual([])
  })

  it('describes a request body from its Zod schema', async () => {
    const paths = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths
    const login = paths['/api/auth/login'].post.requestBody.content['application/json'].schema
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']))
  })

  it.each(MULTIPART_ROUTES)('describes the body of $method $path as a required multipart/form-data form', async (route) => {
    const body = (await documentedOperation(route)).requestBody
    expect(body?.required).toBe(true)
    expect(body?.content['multipart/form-data']?.schema).toMatchObject({ type: 'object', properties: expect.any(Object) })
  })

  it.each(MULTIPART_ROUTES)(
    'lists as text fields of $method $path exactly the keys of the schema its service validates with',
    async (route) => {
      const form = await documentedForm(route)
      const textFields = Object.keys(form.properties).filter((name) => !isFile(form.properties[name] ?? {}))
      expect(textFields.sort()).toEqual(Object.keys(route.fields?.shape ?? {}).sort())
    },
  )

  it("describes a text field with its contract schema's rules: the sign-up password's length and the states and provinces to choose", async () => {
    const signUp = await documentedForm({ method: 'post', path: '/api/auth/register' })
    expect(signUp.properties.password).toEqual({ type: 'string', minLength: PASSWORD_MIN_REGISTER_PAGE, maxLength: PASSWORD_MAX })
    expect(signUp.properties.state).toEqual({ type: 'string', enum: [...REGIONS] })
  })

  it.each(MULTIPART_ROUTES)('lists the file fields $method $path accepts as binary, each with the upload rule', async (route) => {
    const form = await documentedForm(route)
    const files = Object.entries(form.properties).filter(([, property]) => isFile(property))
    expect(files.map(([name]) => name).sort()).toEqual([...route.files].sort())
    for (const [, property] of files) expect(property).toEqual({ type: 'string', format: 'binary', description: route.fileRule })
  })

  it.each(MULTIPART_ROUTES)('requires of $method $path the text fields and files its service requires', async (route) => {
    const form = await documentedForm(route)
    const requiredText = Object.entries(route.fields?.shape ?? {})
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name)
    expect([...(form.required ?? [])].sort()).toEqual([...requiredText, ...route.requiredFiles].sort())
  })

  it("states the rules on files that go together: a guest's licence photos and the credentials to choose", async () => {
    const keycodeRequest = await documentedForm({ method: 'post', path: '/api/vehicle/request-keycode-public' })
    expect(keycodeRequest.description).toContain('licenseFront, licenseBack and registration')
    expect(keycodeRequest.description).toContain(ORDERING_MESSAGES.guestLicenseRequired)
    expect(keycodeRequest.description).toContain(ORDERING_MESSAGES.guestOwnershipRequired)
    const credentials = await documentedForm({ method: 'put', path: '/api/user/credentials' })
    expect(credentials.description).toContain(CREDENTIAL_MESSAGES.selectOne)
    expect(credentials.description).toContain(CREDENTIAL_MESSAGES.licenseNeedsBothSides)
  })

  it('offers the admin notes form urlencoded as well, with the same fields', async () => {
    const content = (await documentedOperation({ method: 'patch', path: '/api/admin/users/{id}/notes' })).requestBody?.content ?? {}
    expect(Object.keys(content).sort()).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data'])
    expect(content['application/x-www-form-urlencoded']?.schema).toEqual(content['multipart/form-data']?.schema)
  })
})
