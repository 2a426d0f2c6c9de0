import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * zod's classic schemas carry its JSON Schema generator (a method on every schema), about 5 KB gzip of every page
 * that checks an answer, though the web app never asks a schema for its JSON Schema. In the web build, the schemas
 * get a generator that says so instead; checking data (parse, safeParse, the form resolvers) runs the same code.
 * `aggregateChecks` stays real: a string or number schema's `minLength`, `maxLength`, `isInt`... read it.
 */
function zodWithoutJsonSchema(): Plugin {
  const processorsId = '\0zod-json-schema-processors'
  const generatorId = '\0zod-to-json-schema'
  let realProcessors = ''
  const unsupported = 'const unsupported = () => { throw new Error("JSON Schema generation is left out of the web build") }'
  return {
    name: 'keydesk:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replaceAll('\\', '/').endsWith('/zod/v4/classic/schemas.js')) return null
      if (source === '../core/json-schema-processors.js') {
        realProcessors = resolve(dirname(importer), source)
        return processorsId
      }
      if (source === '../core/to-json-schema.js') return generatorId
      return null
    },
    async load(id) {
      if (id === processorsId) {
        const names = Object.keys(await import(pathToFileURL(realProcessors).href)).filter((name) => name !== 'aggregateChecks')
        return [
          unsupported,
          `export { aggregateChecks } from ${JSON.stringify(realProcessors)}`,
          ...names.map((name) => `export const ${name} = unsupported`),
        ].join('\n')
      }
      if (id === generatorId) {
        return [
          unsupported,
          'export const createToJSONSchemaMethod = () => unsupported',
          'export const createStandardJSONSchemaMethod = () => unsupported',
        ].join('\n')
      }
      return null
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left alone, the bundler cuts what every page needs into several files (React and TanStack Query between the
          // entry and three shared chunks), and each file compresses on its own: one file is 1.4 KB smaller gzip, and
          // it changes only when a library does.
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ }],
        },
      },
    },
  },
})
