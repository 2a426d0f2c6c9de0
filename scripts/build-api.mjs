// Bundles the API's own code (apps/api/src and the @keydesk workspace packages) into apps/api/dist/server.mjs, which
// `npm start` runs. `npm run build` makes it (the API workspace's build script), and so does `npm start` outside
// production. Packages stay outside the bundle and load from node_modules as usual. Loading the same modules
// through tsx's loader took most of the cold start (docs/performance.md, decision 001). The servers tests start run a
// bundle of their own (apps/api/src/test/server-bundle.ts); `npm run dev` and the in-process tests run the source.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api')
export const API_BUNDLE = path.join(apiRoot, 'dist/server.mjs')

/** Every bare import except our workspace packages (TypeScript source that Node cannot load) stays external. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@keydesk/') ? undefined : { path: args.path, external: true }))
  },
}

/** `outfile` must sit one folder below apps/api, as dist/ does: the server finds its files from there (api-root.ts). */
export async function buildApi(outfile = API_BUNDLE) {
  await build({
    entryPoints: [path.join(apiRoot, 'src/entry/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [packagesStayExternal],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi()
