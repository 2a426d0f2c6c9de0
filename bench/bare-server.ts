import { readFileSync } from 'node:fs'
import http from 'node:http'

/**
 * The physical limit of this machine for one answer: a bare node:http server in its own process,
 * returning the same bytes with the same content type, so the comparison isolates Keydesk's own cost.
 * Usage: node --import tsx bench/bare-server.ts <body-file> <content-type>; prints the port it listens on.
 */
const [bodyFile, contentType = 'application/json'] = process.argv.slice(2)
if (!bodyFile) throw new Error('usage: bare-server.ts <body-file> <content-type>')
const body = readFileSync(bodyFile)

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number }
  console.log(`listening ${port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
