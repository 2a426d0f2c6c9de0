import autocannon from 'autocannon'

export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p97_5: number
  p99: number
  non2xx: number
  errors: number
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
}

let counter = 0

function once(options: LoadOptions): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    autocannon(
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
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        })
      },
    )
  })
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** A short warm-up, then three runs; each figure is the median of the runs. */
export async function measure(options: LoadOptions): Promise<LoadFigures> {
  await once({ ...options, durationSeconds: Math.min(2, options.durationSeconds) })
  const runs: LoadFigures[] = []
  for (let run = 0; run < (options.runs ?? 3); run++) runs.push(await once(options))
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p97_5: median(runs.map((run) => run.p97_5)),
    p99: median(runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  }
}
