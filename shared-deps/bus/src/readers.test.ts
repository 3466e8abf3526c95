import { connectReadersStream, readers$, runCardStream, type ReaderEvent } from './readers';

class FakeSocket {
  static last: FakeSocket;
  onmessage: ((m: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  onopen: (() => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(text);
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

describe('runCardStream', () => {
  it('should send the request once open, publish the progress and the outcome, and not report the close after the outcome', () => {
    const seen: ReaderEvent[] = [];
    const sub = readers$.subscribe((e) => seen.push(e));
    const stop = runCardStream('ws://x/api2/CMS-v2/IssueCardStream', 'R0', { pin: '12345678' }, FakeSocket as unknown as new (url: string) => WebSocket);
    const socket = FakeSocket.last;
    expect(socket.sent).toEqual([]);
    socket.onopen!();
    expect(socket.sent).toEqual(['{"pin":"12345678"}']);
    socket.onmessage!({ data: JSON.stringify({ type: 'cardProgress', readerName: 'R0', operationId: 'o1', step: 'open' }) } as MessageEvent);
    socket.onmessage!({ data: JSON.stringify({ type: 'cardOperationDone', readerName: 'R0', operationId: 'o1', result: { cardId: 'c1' } }) } as MessageEvent);
    socket.onclose!();
    stop();
    expect(socket.closedWith).toBe(1000);
    expect(seen.map((e) => e.type)).toEqual(['cardProgress', 'cardOperationDone']);
    sub.unsubscribe();
  });

  it('should publish cardOperationFailed with status 0 when the stream closes before an outcome', () => {
    const seen: ReaderEvent[] = [];
    const sub = readers$.subscribe((e) => seen.push(e));
    runCardStream('ws://x', 'R1', {}, FakeSocket as unknown as new (url: string) => WebSocket);
    FakeSocket.last.onclose!();
    expect(seen).toEqual([{ type: 'cardOperationFailed', readerName: 'R1', data: expect.objectContaining({ status: 0, code: 'NETWORK' }) }]);
    sub.unsubscribe();
  });
});
