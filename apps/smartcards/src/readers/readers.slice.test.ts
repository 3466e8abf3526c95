import { configureStore } from '@reduxjs/toolkit';
import type { CardReader } from '@tessera/domain';
import { readersActions, readersSelectors, readersSlice } from './readers.slice';
import { pinPolicyActions } from './pinPolicy.slice';
import { agentUrlFromSettings, locateAgent, saveUserAgentUrl, withAgentUrl } from './agentUrl';

const reader = (name: string, cardPresent = true): CardReader => ({
  name,
  cardPresent,
  smartcard: cardPresent ? { serialNumber: '42', atr: '3B8C', cardType: 'PIV' } : null,
  printer: null,
  status: cardPresent ? 'PRESENT' : 'EMPTY',
  processing: false,
});

function store() {
  return configureStore({ reducer: { smartcardReaders: readersSlice.reducer } });
}

describe('readers slice', () => {
  it('should take a snapshot, then apply card events and reader removal', () => {
    const s = store();
    s.dispatch(readersActions.panelOpened());
    expect(readersSelectors.selectState(s.getState()).agent).toBe('connecting');
    s.dispatch(readersActions.agentConnected({ version: '1.2.0', cmsVersion: 'CMS-v1' }));
    s.dispatch(readersActions.readerEvent({ type: 'readers', readerName: '', readers: [reader('B'), reader('A', false)] }));
    expect(readersSelectors.selectReaders(s.getState()).map((r) => r.name)).toEqual(['A', 'B']);
    s.dispatch(readersActions.readerEvent({ type: 'cardRemoved', readerName: 'B', reader: reader('B', false) }));
    expect(readersSelectors.selectReaders(s.getState())[1]).toMatchObject({ name: 'B', cardPresent: false, smartcard: null });
    s.dispatch(readersActions.readerEvent({ type: 'readerRemoved', readerName: 'A' }));
    expect(readersSelectors.selectReaders(s.getState()).map((r) => r.name)).toEqual(['B']);
    expect(readersSelectors.selectState(s.getState())).toMatchObject({ agent: 'connected', cmsVersion: 'CMS-v1' });
  });

  it('should show No CMS Client connected when the agent goes away, and recover on a new snapshot', () => {
    const s = store();
    s.dispatch(readersActions.readerEvent({ type: 'agentDisconnected', readerName: '' }));
    expect(readersSelectors.selectState(s.getState()).agent).toBe('noClient');
    s.dispatch(readersActions.readerEvent({ type: 'readers', readerName: '', readers: [reader('A')] }));
    expect(readersSelectors.selectState(s.getState()).agent).toBe('connected');
  });

  it('should track PIN validation per reader', () => {
    const s = store();
    s.dispatch(readersActions.pinValidationRequested({ readerName: 'A', pin: '123456' }));
    expect(readersSelectors.selectState(s.getState()).pin.A).toEqual({ status: 'processing', message: '' });
    s.dispatch(readersActions.pinValidationDone({ readerName: 'A', ok: false, message: 'Incorrect PIN.' }));
    expect(readersSelectors.selectState(s.getState()).pin.A).toEqual({ status: 'failure', message: 'Incorrect PIN.' });
    expect(JSON.stringify(s.getState())).not.toContain('123456');
  });
});

describe('agentUrlFromSettings', () => {
  it('should use a loopback agentUrl from the settings and the default otherwise', () => {
    expect(agentUrlFromSettings(null)).toBe('http://127.0.0.1:8802');
    expect(agentUrlFromSettings(JSON.stringify({ agentUrl: 'http://127.0.0.1:19067/' }))).toBe('http://127.0.0.1:19067');
    expect(agentUrlFromSettings(JSON.stringify({ agentUrl: 'http://evil.example:8802' }))).toBe('http://127.0.0.1:8802');
    expect(agentUrlFromSettings('not json')).toBe('http://127.0.0.1:8802');
  });

  it('should hold the PIN requirements, and take a saved policy at once', () => {
    const s = store();
    expect(readersSelectors.selectState(s.getState()).requirements).toBeNull();
    s.dispatch(readersActions.pinRequirementsLoaded({ minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' }));
    s.dispatch(pinPolicyActions.saved({ minLength: 6, maxLength: 7, digitsOnly: false, description: null, effectiveDescription: 'PIN must be between 6-7 characters', isDefault: false }));
    expect(readersSelectors.selectState(s.getState()).requirements).toEqual({ minLength: 6, maxLength: 7, digitsOnly: false, description: 'PIN must be between 6-7 characters' });
  });
});

describe('locateAgent', () => {
  function memoryStorage(initial: Record<string, string> = {}) {
    const items = new Map(Object.entries(initial));
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
  }

  it('should prefer the user’s own address, then the server’s, then the default', async () => {
    const server = async () => ({ AgentUrl: 'http://127.0.0.1:9902' });
    const own = memoryStorage({ 'tessera.userSettings': JSON.stringify({ agentUrl: 'http://localhost:7000' }) });
    expect(await locateAgent(server, own)).toEqual({ url: 'http://localhost:7000', source: 'user' });
    expect(await locateAgent(server, memoryStorage())).toEqual({ url: 'http://127.0.0.1:9902', source: 'server' });
    expect(await locateAgent(() => Promise.reject(new Error('down')), memoryStorage())).toEqual({ url: 'http://127.0.0.1:8802', source: 'default' });
    expect(await locateAgent(async () => ({ AgentUrl: 'http://evil.example:1' }), memoryStorage())).toEqual({ url: 'http://127.0.0.1:8802', source: 'default' });
  });

  it('should keep and forget the user’s address, leaving other settings alone', () => {
    expect(JSON.parse(withAgentUrl(JSON.stringify({ theme: 'dark' }), 'http://127.0.0.1:9902'))).toEqual({ theme: 'dark', agentUrl: 'http://127.0.0.1:9902' });
    const storage = memoryStorage();
    saveUserAgentUrl('http://127.0.0.1:9902', storage);
    saveUserAgentUrl(null, storage);
    expect([...storage.items.values()]).toEqual(['{}']);
  });
});
