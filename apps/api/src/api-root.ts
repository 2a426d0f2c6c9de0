import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The API package folder (apps/api). Files read at run time (migrations, the portal list, the web build) are found
 * from here: the code runs from src/ (tsx, tests) or from dist/server.mjs (the bundle `npm start` builds), and both
 * sit one level below it.
 */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
