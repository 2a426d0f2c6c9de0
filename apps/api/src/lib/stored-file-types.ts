/** The kinds of file the app stores, by content type, with the extension their storage keys and download names end in. */
const EXTENSIONS = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['application/pdf', 'pdf'],
])

export const extensionOfType = (contentType: string) => EXTENSIONS.get(contentType) ?? 'bin'

export const typeOfExtension = (extension: string) =>
  [...EXTENSIONS].find(([, known]) => known === extension)?.[0] ?? 'application/octet-stream'
