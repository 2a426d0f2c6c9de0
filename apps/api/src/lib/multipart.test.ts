import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { PartCounter } from './multipart.ts'

const boundary = 'keydesk-parts'
const form = (parts: number) =>
  `${Array.from({ length: parts }, (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nv\r\n`).join('')}--${boundary}--\r\n`

/** The form sent through a counter in chunks of `size` bytes: what comes out, or the refusal's message. */
async function through(body: string, maxParts: number, size: number): Promise<string> {
  const chunks = Array.from({ length: Math.ceil(body.length / size) }, (_, index) =>
    Buffer.from(body.slice(index * size, (index + 1) * size)),
  )
  try {
    return await text(Readable.from(chunks).pipe(new PartCounter(boundary, maxParts)))
  } catch (error) {
    return (error as Error).message
  }
}

describe('counting the parts of a multipart body as it arrives', () => {
  it('lets a form of as many parts as allowed through unchanged, whatever its chunks', async () => {
    const body = form(3)
    for (let size = 1; size <= body.length; size++) expect(await through(body, 3, size), `chunks of ${size}`).toBe(body)
  })

  it('refuses a form of one part more, also when a delimiter is split between two chunks', async () => {
    const body = form(4)
    for (let size = 1; size <= body.length; size++) {
      expect(await through(body, 3, size), `chunks of ${size}`).toMatch(/more fields or files than it asks for/)
    }
  })
})
