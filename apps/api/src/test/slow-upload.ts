import http from 'node:http'

export interface SlowUpload {
  /** Sends the rest of the body; resolves with the status once the answer has arrived in full. */
  finish(): Promise<number>
}

/**
 * Starts a multipart POST and sends only the first half of its body, so the request is certainly in flight
 * (accepted, its handler waiting for the rest) until `finish` is called. The server's `100 Continue` proves it has
 * taken the request in before any of the body is sent.
 */
export async function startSlowUpload(
  baseUrl: string,
  path: string,
  form: FormData,
  headers: Record<string, string> = {},
): Promise<SlowUpload> {
  // Request encodes the form exactly as fetch would send it, boundary included.
  const encoded = new Request(`${baseUrl}${path}`, { method: 'POST', body: form })
  const body = Buffer.from(await encoded.arrayBuffer())
  const request = http.request(`${baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      ...headers,
      expect: '100-continue',
      'content-type': encoded.headers.get('content-type') ?? '',
      'content-length': String(body.length),
    },
  })
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
  })
  const accepted = new Promise((resolve) => request.once('continue', resolve))
  request.flushHeaders()
  await Promise.race([accepted, answered])
  const half = Math.floor(body.length / 2)
  await new Promise<void>((resolve, reject) => request.write(body.subarray(0, half), (error) => (error ? reject(error) : resolve())))
  return {
    finish: () => {
      request.end(body.subarray(half))
      return answered
    },
  }
}
