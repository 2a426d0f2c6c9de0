import { randomBytes } from 'node:crypto'
import { buildApp } from 'fauxqs'

export interface S3Server {
  endpoint: string
  bucket: string
  /** The S3_ variables that point the app at this server's bucket. */
  env: Record<string, string>
  stop(): Promise<void>
}

/**
 * A real S3-compatible server (fauxqs, which implements the S3 HTTP API) on 127.0.0.1 and a free port, with one
 * empty bucket. startFauxqs() listens on every interface, so its app is listened on here instead. fauxqs does not
 * check credentials; the adapter signs its requests anyway, as against any store.
 */
export async function startS3Server(): Promise<S3Server> {
  const server = buildApp({ logger: false })
  const endpoint = await server.listen({ port: 0, host: '127.0.0.1' })
  const bucket = `keydesk-test-${randomBytes(4).toString('hex')}`
  const created = await fetch(`${endpoint}/${bucket}`, { method: 'PUT' })
  if (!created.ok) throw new Error(`could not create bucket ${bucket}: ${created.status} ${await created.text()}`)
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'keydesk-test',
      S3_SECRET_ACCESS_KEY: randomBytes(16).toString('hex'),
    },
    stop: () => server.close(),
  }
}
