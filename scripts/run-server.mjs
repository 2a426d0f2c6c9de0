// How `npm start` runs the API server (scripts/start.mjs; the server tests run it so too): as a child in a session of
// its own, told to stop by this process alone, and once (decision 042). The server drains on its first stop signal
// and exits at once on a second (close-with-grace). In the terminal's foreground process group it would get two from
// one Ctrl-C: the keystroke's own SIGINT and this process's copy. Outside it, only what this process passes on reaches
// it, so a kill of the whole group (a job's `kill %1`, a process manager's) cannot double either.
import { spawn } from 'node:child_process'

/** Ctrl-C, Ctrl-\, the terminal closing, and what `kill`, `docker stop` and process managers send. */
const STOP_SIGNALS = ['SIGINT', 'SIGQUIT', 'SIGHUP', 'SIGTERM']

/** Runs `node <args>` as the server, passes on the first stop signal this process receives, and exits with the server. */
export function runServer(args, { cwd, env }) {
  const server = spawn(process.execPath, args, { cwd, env, stdio: 'inherit', detached: true })
  // Later signals are not passed on: they would cut the drain short. SHUTDOWN_TIMEOUT_MS bounds it, and a signal sent
  // to the server's own process still ends it at once.
  let isStopping = false
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (isStopping) return
      isStopping = true
      server.kill(signal)
    })
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
