import { connectReadersStream, readers$, type ReaderEvent } from './readers';

class FakeSocket {
  static last: FakeSocket;
  onmessage: ((m: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close(code?: number) {
    this.closedWith = code;
    this.onclose?.();
  }
}

describe('connectReadersStream', () => {
  it('should publish each message on readers$ and close with 1000 on teardown', () => {
    const seen: ReaderEvent[] = [];
    const sub = readers$.subscribe((e) => seen.push(e));
    const stop = connectReadersStream('ws://x/api2/CMS-v2/ListReadersStream', FakeSocket as unknown as new (url: string) => WebSocket);
    const socket = FakeSocket.last;
    expect(socket.url).toBe('ws://x/api2/CMS-v2/ListReadersStream');
    socket.onmessage!({ data: JSON.stringify({ type: 'cardInserted', readerName: 'R0', reader: { name: 'R0' } }) } as MessageEvent);
    socket.onmessage!({ data: 'not json' } as MessageEvent);
    stop();
    expect(socket.closedWith).toBe(1000);
    expect(seen).toEqual([{ type: 'cardInserted', readerName: 'R0', data: { type: 'cardInserted', readerName: 'R0', reader: { name: 'R0' } } }]);
    sub.unsubscribe();
  });

  it('should publish streamClosed when the server closes', () => {
    const seen: ReaderEvent[] = [];
    const sub = readers$.subscribe((e) => seen.push(e));
    connectReadersStream('ws://x', FakeSocket as unknown as new (url: string) => WebSocket);
    FakeSocket.last.onclose!();
    expect(seen).toEqual([{ type: 'streamClosed', readerName: '' }]);
    sub.unsubscribe();
  });
});
