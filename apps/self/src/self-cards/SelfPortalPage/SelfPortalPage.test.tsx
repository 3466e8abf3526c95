/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { signedIn, signedOut } from '@tessera/bus';
import { MESSAGES, SELF_CARD_MESSAGES, type SelfSmartcard, type Viewer } from '@tessera/domain';
import type { SelfEpicDependencies } from '../../epic';
import { selfEpic, selfSlices } from '../../state';
import { SelfPortalPage } from './SelfPortalPage';

type Api = SelfEpicDependencies['api'];

const card = (over: Partial<SelfSmartcard>): SelfSmartcard => ({
  cardId: 'c1', serialNumber: '1001', atr: '3B', cardType: 'PIV', status: 'issued', userId: 'u1', cardTemplateId: 't1', cardTemplateName: 'staff', certificates: [], batch_id: null,
  extensions: {}, failure: null, suspendedAt: null, suspensionReason: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', hasLayout: false, ...over,
});

function setup(api: Partial<Api>, extra: { connectAgent?: SelfEpicDependencies['connectAgent']; showToast?: jest.Mock } = {}) {
  const full = { ...api } as unknown as Api;
  const connectAgent = extra.connectAgent ?? jest.fn().mockResolvedValue('CMS-v2');
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SelfEpicDependencies>({ dependencies: { api: full, bus: { showToast: extra.showToast ?? jest.fn() }, now: Date.now, connectAgent } });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(selfSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(selfEpic);
  render(
    <Provider store={store}>
      <SelfPortalPage />
    </Provider>,
  );
}

describe('SelfPortalPage', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });
  beforeEach(() => signedIn({ id: 'u1' } as Viewer, { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' }));
  afterEach(() => signedOut());

  it("should show each of the viewer's cards with its status badge, template and certificates, and the self-service links", async () => {
    const mySmartcards = jest.fn().mockResolvedValue([
      card({ certificates: [{ slot: '9A', certId: 'ca:0a', caId: 'ca', serialNumber: '0a', notAfter: '2027-03-04T00:00:00.000Z', pem: '', subject: 'CN=Sam Smith' }] }),
      card({ cardId: 'c2', serialNumber: '2002', status: 'suspended', cardTemplateName: null }),
    ]);
    setup({ mySmartcards });
    const first = await screen.findByRole('listitem', { name: 'Smartcard 1001' });
    expect(within(first).getByLabelText('Status issued').textContent).toBe('issued');
    expect(within(first).getByText('Type: PIV · Template: staff')).toBeTruthy();
    const certs = within(first).getByRole('table', { name: 'Certificates of card 1001' });
    expect(within(certs).getByText('CN=Sam Smith')).toBeTruthy();
    expect(within(certs).getByText('2027-03-04')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Reset it with your secret questions' }).getAttribute('href')).toBe('/anonymousportal/manageSmartcard');
    const second = screen.getByRole('listitem', { name: 'Smartcard 2002' });
    expect(within(second).getByLabelText('Status suspended')).toBeTruthy();
    expect(within(second).getByText('Type: PIV · Template: none')).toBeTruthy();
    expect(within(second).getByText('No certificates on this card')).toBeTruthy();
    // A suspended card offers no PIN reset.
    expect(within(second).queryByRole('link', { name: 'Reset it with your secret questions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new smartcard' }).getAttribute('href')).toBe('/self/requestSmartcard/u1');
    expect(screen.getByRole('link', { name: 'Secret questions' }).getAttribute('href')).toBe('/self/resetquestions');
    expect(mySmartcards).toHaveBeenCalledTimes(1);
  });

  it('should say when the viewer has no card, and show the server message when the call fails', async () => {
    setup({ mySmartcards: jest.fn().mockResolvedValue([]) });
    expect(await screen.findByText(SELF_CARD_MESSAGES.NO_CARDS)).toBeTruthy();
  });

  it('should show the server message when the call fails', async () => {
    setup({ mySmartcards: jest.fn().mockRejectedValue({ code: 'FORBIDDEN', message: 'You do not have permission to do this' }) });
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this');
  });

  it("should show the server's picture of each card whose template has a layout, and a card outline with the number and status otherwise", async () => {
    const mySmartcards = jest.fn().mockResolvedValue([card({ cardId: 'c1', serialNumber: '1001', hasLayout: true }), card({ cardId: 'c2', serialNumber: '2002', status: 'revoked' }), card({ cardId: 'c3', serialNumber: '3003', hasLayout: true })]);
    const myCardPicture = jest.fn(async (cardId: string) => {
      if (cardId === 'c3') throw { code: 'NOT_FOUND', message: 'The card layout was not found' };
      return { frontCompressed: 'RlJPTlQ=', backCompressed: 'QkFDSw==' };
    });
    setup({ mySmartcards, myCardPicture });
    const first = await screen.findByRole('listitem', { name: 'Smartcard 1001' });
    const front = await within(first).findByRole('img', { name: 'Front of card 1001' });
    expect(front.getAttribute('src')).toBe('data:image/png;base64,RlJPTlQ=');
    expect(within(first).getByRole('img', { name: 'Back of card 1001' }).getAttribute('src')).toBe('data:image/png;base64,QkFDSw==');
    const outline = within(screen.getByRole('listitem', { name: 'Smartcard 2002' })).getByRole('img', { name: 'Card outline 2002' });
    expect(outline.textContent).toBe('2002revoked');
    const failed = within(screen.getByRole('listitem', { name: 'Smartcard 3003' }));
    expect((await failed.findByRole('img', { name: 'Card outline 3003' })).textContent).toContain('The card layout was not found');
    // Only the cards with a layout are rendered by the server.
    expect(myCardPicture.mock.calls.map(([id]) => id).sort()).toEqual(['c1', 'c3']);
  });

  describe('Change my card PIN', () => {
    const reader = (name: string, serialNumber: string | null) => ({ name, cardPresent: serialNumber !== null, smartcard: serialNumber ? { serialNumber, atr: '3B', cardType: 'PIV' } : null, printer: null, status: 'READY', processing: false });
    const requirements = { minLength: 8, maxLength: 8, digitsOnly: true, description: 'PIN must be between 8-8 numbers' };
    const mine = () => jest.fn().mockResolvedValue([card({ cardId: 'c1', serialNumber: '1001', cardTemplateId: 't1' }), card({ cardId: 'c2', serialNumber: '2002', status: 'revoked' })]);
    const fill = (form: HTMLElement, oldPin: string, newPin: string, confirmPin: string) => {
      fireEvent.change(within(form).getByLabelText('Current PIN'), { target: { value: oldPin } });
      fireEvent.change(within(form).getByLabelText('New PIN'), { target: { value: newPin } });
      fireEvent.change(within(form).getByLabelText('Confirm new PIN'), { target: { value: confirmPin } });
      fireEvent.click(within(form).getByRole('button', { name: 'Change PIN' }));
    };

    it("should link the agent, find the viewer's issued card in a reader with its template's PIN rules, check the form, and change the PIN", async () => {
      const connectAgent = jest.fn().mockResolvedValue('CMS-v1');
      const listReaders = jest.fn().mockResolvedValue({ readers: [reader('Reader A', '9999'), reader('Reader B', '2002'), reader('Reader C', '1001')] });
      const getPinRequirements = jest.fn().mockResolvedValue(requirements);
      const changeCardPin = jest.fn().mockResolvedValue({ changed: true });
      const showToast = jest.fn();
      setup({ mySmartcards: mine(), listReaders, getPinRequirements, changeCardPin }, { connectAgent, showToast });
      fireEvent.click(await screen.findByRole('button', { name: 'Change my card PIN' }));
      const form = await screen.findByRole('form', { name: 'Change the card PIN' });
      // Reader A holds someone else's card, Reader B a revoked card of the viewer: the issued one in Reader C.
      expect(within(form).getByTestId('pin-card').textContent).toBe('Card 1001 in Reader C');
      expect(within(form).getByText('PIN must be between 8-8 numbers')).toBeTruthy();
      expect(listReaders).toHaveBeenCalledWith('CMS-v1');
      expect(getPinRequirements).toHaveBeenCalledWith('CMS-v1', 'Reader C', 't1');

      fill(form, '', '13572468', '13572468');
      expect(await within(form).findByText('Enter the current PIN.')).toBeTruthy();
      fill(form, '24681357', '1357246', '1357246');
      expect(await within(form).findByText('PIN must be between 8-8 numbers', { selector: '[id$="-error"], [id$="-error"] *' })).toBeTruthy();
      fill(form, '24681357', '13572468', '13572460');
      expect(await within(form).findByText(SELF_CARD_MESSAGES.PIN_MISMATCH)).toBeTruthy();
      expect(changeCardPin).not.toHaveBeenCalled();

      fill(form, '24681357', '13572468', '13572468');
      expect((await within(form).findByRole('status')).textContent).toBe(MESSAGES.PIN_CHANGED);
      expect(changeCardPin).toHaveBeenCalledWith({ card_id: { readerName: 'Reader C' }, old_pin: '24681357', new_pin: '13572468' }, 'CMS-v1');
      expect(showToast).toHaveBeenCalledWith({ type: 'success', title: 'Successfully changed PIN', message: '' });
      // No PIN stays in the form.
      expect(['Current PIN', 'New PIN', 'Confirm new PIN'].map((label) => (within(form).getByLabelText(label) as HTMLInputElement).value)).toEqual(['', '', '']);
    });

    it("should toast 'Incorrect PIN provided.' with the tries left on a 403, and 'Could not change card PIN.' with the reason otherwise", async () => {
      const changeCardPin = jest
        .fn()
        .mockRejectedValueOnce({ status: 403, code: 'INCORRECT_PIN', message: 'Incorrect PIN provided. 2 tries left.' })
        .mockRejectedValueOnce({ status: 502, code: 'CARD_ACTION_FAILED', message: 'the card was removed' });
      const showToast = jest.fn();
      setup({ mySmartcards: mine(), listReaders: jest.fn().mockResolvedValue({ readers: [reader('Reader C', '1001')] }), getPinRequirements: jest.fn().mockRejectedValue(new Error('down')), changeCardPin }, { showToast });
      fireEvent.click(await screen.findByRole('button', { name: 'Change my card PIN' }));
      const form = await screen.findByRole('form', { name: 'Change the card PIN' });
      // The requirements call failed: the default rule of signin §5.
      expect(within(form).getByText('PIN must be between 6-8 numbers')).toBeTruthy();
      fill(form, '99999999', '13572468', '13572468');
      expect(await within(form).findByText('Incorrect PIN provided. 2 tries left.')).toBeTruthy();
      expect(showToast).toHaveBeenLastCalledWith({ type: 'error', title: 'Incorrect PIN provided.', message: 'Incorrect PIN provided. 2 tries left.' });
      fill(form, '24681357', '13572468', '13572468');
      expect((await within(form).findByRole('alert')).textContent).toBe('Could not change card PIN. the card was removed');
      expect(showToast).toHaveBeenLastCalledWith({ type: 'error', title: 'Could not change card PIN.', message: 'the card was removed' });
    });

    it("should say so when none of the viewer's cards is in a reader, and show the agent's failure", async () => {
      setup({ mySmartcards: mine(), listReaders: jest.fn().mockResolvedValue({ readers: [reader('Reader A', '9999'), reader('Reader B', null)] }) });
      fireEvent.click(await screen.findByRole('button', { name: 'Change my card PIN' }));
      expect((await screen.findByRole('alert')).textContent).toBe(SELF_CARD_MESSAGES.NO_CARD_IN_READER);
    });

    it("should show the agent client's failure when the agent cannot be linked", async () => {
      setup({ mySmartcards: mine() }, { connectAgent: jest.fn().mockRejectedValue({ title: 'Unable to connect to local CMS Client', detail: 'Ensure that your security client is running.' }) });
      fireEvent.click(await screen.findByRole('button', { name: 'Change my card PIN' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Unable to connect to local CMS Client: Ensure that your security client is running.');
    });

    it('should offer no PIN change without an issued card', async () => {
      setup({ mySmartcards: jest.fn().mockResolvedValue([card({ status: 'revoked' })]) });
      await screen.findByRole('listitem', { name: 'Smartcard 1001' });
      expect(screen.queryByRole('button', { name: 'Change my card PIN' })).toBeNull();
    });
  });
});
