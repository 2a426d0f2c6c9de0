import { EventEmitter } from 'node:events'
import type { ChatMessage } from '@keydesk/contracts/chat'
import type { EventBus } from '../../../ports.ts'

export type ChatListener = (message: ChatMessage) => void

/** New chat messages for the open SSE streams of every API process, over the events port. */
export interface ChatHub {
  publish(message: ChatMessage): Promise<void>
  /** Returns the function that unsubscribes. */
  subscribe(listener: ChatListener): () => void
  close(): void
}

export const CHAT_TOPIC = 'chat-message'

export interface ChatHubOptions {
  events: EventBus
  /** Reads a stored message back by id: the event carries only the id, a message may outgrow a NOTIFY payload. */
  loadMessage(id: string): Promise<ChatMessage | undefined>
  onError(error: Error): void
}

/** Each process reads a published message back once and hands it to all of its own streams. */
export function createChatHub({ events, loadMessage, onError }: ChatHubOptions): ChatHub {
  const streams = new EventEmitter()
  // Every open stream is one listener; the default warning at 10 would fire on an ordinary day.
  streams.setMaxListeners(0)
  const unsubscribe = events.subscribe(CHAT_TOPIC, (id) => {
    loadMessage(id).then((message) => message && streams.emit('message', message), onError)
  })
  return {
    publish: (message) => events.publish(CHAT_TOPIC, message.id),
    subscribe: (listener) => {
      streams.on('message', listener)
      return () => {
        streams.off('message', listener)
      }
    },
    close: unsubscribe,
  }
}
