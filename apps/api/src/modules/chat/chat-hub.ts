import { EventEmitter } from 'node:events'
import type { ChatMessage } from '@keydesk/contracts/chat'
import type pg from 'pg'

export type ChatListener = (message: ChatMessage) => void

/** Fan-out of new chat messages to the open SSE streams (ARCHITECTURE.md "events" port). */
export interface ChatHub {
  publish(message: ChatMessage): Promise<void>
  /** Returns the function that unsubscribes. */
  subscribe(listener: ChatListener): () => void
  close(): Promise<void>
}

function createEmitter() {
  const emitter = new EventEmitter()
  // Every open stream is one listener; the default warning at 10 would fire on an ordinary day.
  emitter.setMaxListeners(0)
  return {
    emit: (message: ChatMessage) => emitter.emit('message', message),
    subscribe: (listener: ChatListener) => {
      emitter.on('message', listener)
      return () => {
        emitter.off('message', listener)
      }
    },
  }
}

/** One process (embedded PGlite): streams and senders share this process. */
export function createLocalChatHub(): ChatHub {
  const emitter = createEmitter()
  return {
    publish: async (message) => {
      emitter.emit(message)
    },
    subscribe: emitter.subscribe,
    close: async () => undefined,
  }
}

export const CHAT_CHANNEL = 'keydesk_chat_messages'

export interface PostgresChatHubOptions {
  pool: pg.Pool
  /** Reads a stored message back by id; a NOTIFY payload carries only the id (payloads are capped at 8000 bytes). */
  loadMessage(id: string): Promise<ChatMessage | undefined>
  onError(error: Error): void
}

/**
 * Several API processes on one PostgreSQL: a sender NOTIFYs the message id, every process (the sender's
 * included) LISTENs on one dedicated connection and hands the message to its own streams.
 */
export async function createPostgresChatHub({ pool, loadMessage, onError }: PostgresChatHubOptions): Promise<ChatHub> {
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

  async function listen(): Promise<void> {
    const client = await pool.connect()
    client.on('notification', (notification) => {
      if (notification.channel !== CHAT_CHANNEL || !notification.payload) return
      loadMessage(notification.payload).then((message) => message && emitter.emit(message), onError)
    })
    client.on('error', (error) => {
      onError(error)
      release(client, error)
      if (listener === client) listener = undefined
      if (!isClosed) setTimeout(() => void listen().catch(onError), 1000).unref()
    })
    await client.query(`LISTEN ${CHAT_CHANNEL}`)
    listener = client
  }
  await listen()

  return {
    publish: async (message) => {
      await pool.query('select pg_notify($1, $2)', [CHAT_CHANNEL, message.id])
    },
    subscribe: emitter.subscribe,
    close: async () => {
      isClosed = true
      const client = listener
      listener = undefined
      if (!client) return
      await client.query(`UNLISTEN ${CHAT_CHANNEL}`).catch(() => undefined)
      release(client)
    },
  }
}
