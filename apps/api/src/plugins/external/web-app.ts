import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { errorAnswer } from '../../errors.ts'

export interface WebAppOptions {
  distDir: string
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is never cached so a new
 * release is picked up at once. Any other GET outside /api answers index.html (docs/product.md, 'Screens and routes (web)').
 */
async function webApp(app: FastifyInstance, options: WebAppOptions) {
  const indexFile = path.join(options.distDir, 'index.html')
  const hasBuild = existsSync(indexFile)

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build keeps source maps beside its scripts for error reports (hidden: no script names them); they are
      // never published, since they would hand anyone the app's whole source.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.startsWith(path.join(options.distDir, 'assets') + path.sep)
        reply.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app is not built; only the API is served')
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isApi = pathname === '/api' || pathname.startsWith('/api/')
    // A missing script or map is a 404, not the page: a browser would otherwise run index.html as a script.
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/assets/')
    if (isApi || !isPageRequest || !hasBuild) {
      return reply.status(404).send(errorAnswer('NOT_FOUND', `Route ${request.method} ${pathname} not found`))
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
  })
}

export default fp(webApp, { name: 'web-app' })
