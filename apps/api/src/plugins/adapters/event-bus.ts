import { EventEmitter } from 'node:events'
import type pg from 'pg'
import type { EventBus, EventListener } from '../../ports.ts'

/** Leaves room under NOTIFY's 8000-byte limit for the topic and the envelope. */
export const MAX_EVENT_PAYLOAD_BYTES = 7000

function createEmitter() {
  const emitter = new EventEmitter()
  // Every open stream is one listener; the default warning at 10 would fire on an ordinary day.
  emitter.setMaxListeners(0)
  return {
    emit: (topic: string, payload: string) => emitter.emit(topic, payload),
    subscribe: (topic: string, listener: EventListener) => {
      emitter.on(topic, listener)
      return () => {
        emitter.off(topic, listener)
      }
    },
  }
}

function assertSmall(payload: string) {
  if (Buffer.byteLength(payload) > MAX_EVENT_PAYLOAD_BYTES) {
    throw new Error(`event payload of ${Buffer.byteLength(payload)} bytes; publish an id and read the rest back`)
  }
}

/** One process (embedded PGlite): publishers and subscribers share this process. */
export function createLocalEventBus(): EventBus {
  const emitter = createEmitter()
  return {
    publish: async (topic, payload) => {
      assertSmall(payload)
      emitter.emit(topic, payload)
    },
    subscribe: emitter.subscribe,
    close: async () => undefined,
  }
}

export const EVENTS_CHANNEL = 'keydesk_events'

export interface PostgresEventBusOptions {
  pool: pg.Pool
  onError(error: Error): void
}

/**
 * Several API processes on one PostgreSQL: a publisher NOTIFYs `{ topic, payload }` on one channel, every
 * process (the publisher's included) LISTENs on one dedicated connection and hands it to its own subscribers.
 * A lost listening connection is replaced after a second; events sent meanwhile are missed, so clients treat
 * a stream as a prompt and read the state itself back (chat history, the requests list).
 */
export async function createPostgresEventBus({ pool, onError }: PostgresEventBusOptions): Promise<EventBus> {
  const emitter = createEmitter()
  let isClosed = false
  let listener: pg.PoolClient | undefined
  // A client may report an error after it was released (e.g. the server drops it during close); release once.
  const released = new WeakSet<pg.PoolClient>()
  const release = (client: pg.PoolClient, error?: Error) => {
    if (released.has(client)) return
    released.add(client)
    client.release(error)
  }
  // Retried until it works: PostgreSQL may be away for a while (a restart) and the streams should recover with it.
  const listenAgainSoon = () => {
    if (isClosed) return
    const retry = () =>
      listen().catch((error: Error) => {
        onError(error)
        listenAgainSoon()
      })
    setTimeout(retry, 1000).unref()
  }

  async function listen(): Promise<void> {
    const client = await pool.connect()
    client.on('notification', (notification) => {
      if (notification.channel !== EVENTS_CHANNEL || !notification.payload) return
      try {
        const { topic, payload } = JSON.parse(notification.payload) as { topic: string; payload: string }
        emitter.emit(topic, payload)
      } catch (error) {
        onError(error as Error)
      }
    })
    client.on('error', (error) => {
      onError(error)
      release(client, error)
      // Only a connection that was listening is replaced here; one failing during LISTEN is retried by its caller.
      if (listener !== client) return
      listener = undefined
      listenAgainSoon()
    })
    try {
      await client.query(`LISTEN ${EVENTS_CHANNEL}`)
    } catch (error) {
      release(client, error as Error)
      throw error
    }
    if (isClosed) release(client)
    else listener = client
  }
  await listen()

  return {
    publish: async (topic, payload) => {
      assertSmall(payload)
      await pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify({ topic, payload })])
    },
    subscribe: emitter.subscribe,
    close: async () => {
      isClosed = true
      const client = listener
      listener = undefined
      if (!client) return
      await client.query(`UNLISTEN ${EVENTS_CHANNEL}`).catch(() => undefined)
      release(client)
    },
  }
}
