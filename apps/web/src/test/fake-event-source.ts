/**
 * Stands in for EventSource in component tests (`vi.stubGlobal('EventSource', FakeEventSource)`): records each
 * stream opened, and `emit` plays an event to its listeners as the server would.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = []
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>()
  isClosed = false
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.isClosed = true
  }
  emit(type: string, data?: unknown) {
    this.emitRaw(type, JSON.stringify(data))
  }
  /** An event whose data is exactly `data`, readable or not. */
  emitRaw(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }))
  }
}
