import yauzl from 'yauzl'

/** Every entry of a zip held in memory, by name (tests of the data archive read what the member would unzip). */
export function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (openError, file) => {
      if (openError || !file) return reject(openError ?? new Error('not a zip'))
      const entries = new Map<string, Buffer>()
      file.on('error', reject)
      file.on('end', () => resolve(entries))
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            file.readEntry()
          })
        })
      })
      file.readEntry()
    })
  })
}
