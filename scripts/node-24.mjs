// Node 24 LTS is Keydesk's one runtime, for development, tests and production (decision 024). `npm ci` installs it
// from the npm registry (the `node` devDependency, at node_modules/.bin/node) and npm puts that folder first on PATH
// for every script it runs, whatever Node the machine has; the production image brings its own (the Dockerfile's
// base image). A process started by another Node stops on the first line of its entry point with one line saying so,
// rather than running on it silently: scripts/start.mjs, scripts/dev.mjs and every test process
// (scripts/test-node.setup.mjs, scripts/test-node.global-setup.mjs).

export const NODE_MAJOR = 24

/** Why the Node at `execPath` (version `version`) may not run `what`, or undefined when it is Node 24. */
export function otherNodeMessage(what, version = process.version, execPath = process.execPath) {
  if (version.startsWith(`v${NODE_MAJOR}.`)) return undefined
  return (
    `${what} runs on Node ${version} (${execPath}), and Keydesk runs on Node ${NODE_MAJOR} only. ` +
    `Run it through npm (npm start, npm test, npm run …) after npm ci, which installs Node ${NODE_MAJOR} into node_modules/.bin; ` +
    `after npm prune --omit=dev (production) the machine's own Node must be ${NODE_MAJOR}.`
  )
}

/** Exits with that message unless this process runs on Node 24. */
export function exitUnlessNode24(what) {
  const message = otherNodeMessage(what)
  if (message === undefined) return
  console.error(message)
  process.exit(1)
}
