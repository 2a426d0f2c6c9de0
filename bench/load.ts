import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import autocannon from 'autocannon'

export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  /** The 95th percentile of the answers' times, from every answer of the run (autocannon's table has no p95). */
  p95: number
  p97_5: number
  p99: number
  non2xx: number
  errors: number
  /** CPU time (user + system) the server process spent per answer over the measured runs, when its pid is given. */
  serverCpuMsPerRequest?: number
}

export interface LoadOptions {
  url: string
  connections: number
  durationSeconds: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string | Buffer
  /** Gives every request its own X-Forwarded-For address (the server runs with TRUST_PROXY). */
  distinctClients?: boolean
  /** Measured runs after the warm-up (3 by default; the quick mode's smoke run uses 1). */
  runs?: number
  /** The server's process id, to report its CPU time per answer. */
  serverPid?: number
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** CPU time a process has used so far, in ms: utime and stime, fields 14 and 15 of /proc/<pid>/stat (proc(5)). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The command name may hold spaces, so fields are counted from after its closing parenthesis (field 3 first).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
}

let counter = 0

type RunFigures = Omit<LoadFigures, 'serverCpuMsPerRequest'> & { total: number }

/** The value below which `share` of the times fall (nearest rank). */
function percentile(times: number[], share: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN
}

function once(options: LoadOptions): Promise<RunFigures> {
  const times: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        ...(options.distinctClients
          ? {
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => {
                    counter += 1
                    return {
                      ...request,
                      headers: {
                        ...request.headers,
                        'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
                      },
                    }
                  },
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p95: percentile(times, 0.95),
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
          total: result.requests.total,
        })
      },
    )
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => times.push(responseTime))
  })
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** A short warm-up, then three runs; each figure is the median of the runs (server CPU: over all three). */
export async function measure(options: LoadOptions): Promise<LoadFigures> {
  await once({ ...options, durationSeconds: Math.min(2, options.durationSeconds) })
  const cpuBefore = options.serverPid ? await cpuMs(options.serverPid) : 0
  const runs: RunFigures[] = []
  for (let run = 0; run < (options.runs ?? 3); run++) runs.push(await once(options))
  const answered = runs.reduce((sum, run) => sum + run.total, 0)
  return {
    serverCpuMsPerRequest: options.serverPid && answered > 0 ? ((await cpuMs(options.serverPid)) - cpuBefore) / answered : undefined,
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
    p97_5: median(runs.map((run) => run.p97_5)),
    p99: median(runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  }
}
