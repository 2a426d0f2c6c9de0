import http from 'node:http'

export interface OpenStream {
  status: number
  contentType: string | undefined
  received: () => string
  ended: Promise<void>
  waitFor(text: string): Promise<void>
  /** Leaves the stream, as a closed tab does. */
  close(): void
}

/** Opens a server-sent event stream (the chat's unless `path` says another) on a listening app and collects what arrives. */
export function openStream(base: string, headers: Record<string, string>, path = '/api/chat/stream'): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers }, (response) => {
      let body = ''
      const waiters: { text: string; done: () => void }[] = []
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
        for (const waiter of waiters.filter((entry) => body.includes(entry.text))) waiter.done()
      })
      const ended = new Promise<void>((done) => response.on('end', done))
      resolve({
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        received: () => body,
        ended,
        close: () => request.destroy(),
        waitFor: (text) =>
          new Promise((done) => {
            if (body.includes(text)) done()
            else waiters.push({ text, done })
          }),
      })
    })
    request.on('error', reject)
  })
}

/** Resolves with how long `text` took to arrive on the stream since `since`, or fails after 10 s with what did arrive. */
export async function arrivalMs(stream: OpenStream, text: string, since: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not delivered in 10 s: ${text}\nreceived:\n${stream.received()}`)), 10_000)
  })
  await Promise.race([stream.waitFor(text), timeout]).finally(() => clearTimeout(timer))
  return Date.now() - since
}
