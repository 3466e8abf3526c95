/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { signedIn, signedOut } from '@tessera/bus';
import { normalisePermissionObject, type Smartcard, type Viewer } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { SmartcardViewPage } from './SmartcardViewPage';

const card: Smartcard = {
  cardId: 'c1',
  serialNumber: '5551234',
  atr: '3B8C80',
  cardType: 'PIV',
  status: 'issued',
  userId: 'u1',
  cardTemplateId: 't1',
  certificates: [
    { slot: '9A', certId: 'ca:01', caId: 'ca', serialNumber: '01', notAfter: '2027-11-28T00:00:00.000Z', pem: '' },
    { slot: '9C', certId: 'ca:02', caId: 'ca', serialNumber: '02', notAfter: '2027-11-28T00:00:00.000Z', pem: '' },
  ],
  batch_id: null,
  extensions: {},
  failure: null,
  suspendedAt: null,
  suspensionReason: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
};

function signInWith(permissions: string[]) {
  signedIn({ id: 'u1', permission: normalisePermissionObject({ View: permissions }) } as Viewer, {
    remainingSeconds: 900,
    expiresAt: '2030-01-01T00:15:00.000Z',
    absoluteExpiresAt: '2030-01-01T08:00:00.000Z',
  });
}

describe('SmartcardViewPage', () => {
  beforeAll(installMatchMedia);
  afterEach(() => signedOut());

  it('should show the card and its certificates, and show the server\'s certRevokeError when the PKI refuses some', async () => {
    signInWith(['smartcardManage', 'smartcardReqView']);
    const api = fakeApi();
    api.getSmartcard.mockResolvedValue(card);
    api.listCardTemplates.mockResolvedValue({ cardTemplates: [{ cardTemplateId: 't1', name: 'staff' }] });
    api.revokeCard.mockResolvedValue({ smartcard: card, certRevokeError: 'Some certificates of the card could not be revoked: 9C: CA offline' });
    const { bus } = renderWithStore(<SmartcardViewPage cardId="c1" />, { api });
    await waitFor(() => expect(screen.getByTestId('card-serial').textContent).toBe('5551234'));
    expect(api.getSmartcard).toHaveBeenCalledWith('c1');
    await waitFor(() => expect(screen.getByTestId('card-card-template').textContent).toBe('staff'));
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['9A', '9C']);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke card' }));
    await waitFor(() => expect(screen.getByTestId('card-revoke-status').textContent).toBe('Some certificates of the card could not be revoked: 9C: CA offline'));
    expect(api.revokeCard).toHaveBeenCalledWith('c1');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Smartcard could not be revoked', message: 'Some certificates of the card could not be revoked: 9C: CA offline' });
    expect(screen.getByTestId('card-status').textContent).toBe('issued');
  });

  it('should mark the card revoked and hide the button once revoked', async () => {
    signInWith(['smartcardManage']);
    const api = fakeApi();
    api.getSmartcard.mockResolvedValue(card);
    api.revokeCard.mockResolvedValue({ smartcard: { ...card, status: 'revoked' }, certRevokeError: null });
    renderWithStore(<SmartcardViewPage cardId="c1" />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke card' }));
    await waitFor(() => expect(screen.getByTestId('card-status').textContent).toBe('revoked'));
    expect(screen.getByTestId('card-revoke-status').textContent).toBe('Smartcard revoked');
    expect(screen.queryByRole('button', { name: 'Revoke card' })).toBeNull();
  });

  it('should offer no revoke to a viewer without smartcardManage, and say when the card cannot be loaded', async () => {
    signInWith(['smartcardReqView']);
    const api = fakeApi();
    api.getSmartcard.mockResolvedValue(card);
    renderWithStore(<SmartcardViewPage cardId="c1" />, { api });
    await waitFor(() => expect(screen.getByTestId('card-serial').textContent).toBe('5551234'));
    expect(screen.queryByRole('button', { name: 'Revoke card' })).toBeNull();
    signedOut();

    signInWith(['smartcardReqView']);
    const failing = fakeApi();
    failing.getSmartcard.mockRejectedValue(new Error('The smartcard was not found'));
    renderWithStore(<SmartcardViewPage cardId="c2" />, { api: failing });
    await screen.findByText('Could not load the smartcards: The smartcard was not found');
  });

  it('should assign a registered card to a user by username, unassign it, and unregister it; a PKI refusal keeps the card and shows the text', async () => {
    signInWith(['smartcardManage']);
    const api = fakeApi();
    const registered = { ...card, status: 'registered' as const, userId: null, cardTemplateId: null, certificates: [] };
    api.getSmartcard.mockResolvedValue(registered);
    api.listCardTemplates.mockResolvedValue({ cardTemplates: [{ cardTemplateId: 't1', name: 'staff' }] });
    api.listUsers.mockResolvedValue({ totalResults: 1, results: [{ id: 'u7', username: 'alice' }] });
    api.assignCard.mockResolvedValue({ ...registered, status: 'assigned', userId: 'u7', cardTemplateId: 't1' });
    api.unassignCard.mockResolvedValue(registered);
    const { bus } = renderWithStore(<SmartcardViewPage cardId="c1" />, { api });
    await screen.findByRole('option', { name: 'staff' });
    expect(screen.queryByRole('button', { name: 'Revoke card' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign card' }));
    await waitFor(() => expect(screen.getByTestId('card-status').textContent).toBe('assigned'));
    expect(api.assignCard).toHaveBeenCalledWith({ card_id: 'c1', user_id: 'u7', card_template_id: 't1' });
    expect(screen.getByTestId('card-change-status').textContent).toBe('Smartcard assigned');

    fireEvent.click(screen.getByRole('button', { name: 'Unassign card' }));
    await waitFor(() => expect(screen.getByTestId('card-status').textContent).toBe('registered'));
    expect(api.unassignCard).toHaveBeenCalledWith('c1');
    expect(screen.queryByRole('button', { name: 'Unassign card' })).toBeNull();

    api.unregisterCard.mockResolvedValueOnce({ unregistered: false, pkiError: true, certRevokeError: 'Some certificates of the card could not be revoked: 9A: CA offline' });
    fireEvent.click(screen.getByRole('button', { name: 'Unregister card' }));
    await waitFor(() => expect(screen.getByTestId('card-change-status').textContent).toBe('Some certificates of the card could not be revoked: 9A: CA offline'));
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Smartcard could not be unregistered', message: 'Some certificates of the card could not be revoked: 9A: CA offline' });
    expect(screen.getByRole('button', { name: 'Unregister card' })).toBeTruthy();

    api.unregisterCard.mockResolvedValueOnce({ unregistered: true, pkiError: false, certRevokeError: null });
    fireEvent.click(screen.getByRole('button', { name: 'Unregister card' }));
    await waitFor(() => expect(screen.getByTestId('card-change-status').textContent).toBe('Smartcard unregistered successfully'));
    expect(api.unregisterCard).toHaveBeenLastCalledWith('c1');
    expect(screen.queryByRole('button', { name: 'Unregister card' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Assign card' })).toBeNull();
  });
  it('should suspend the card with a reason and resume it, and show a refusal', async () => {
    signInWith(['smartcardManage']);
    const api = fakeApi();
    api.getSmartcard.mockResolvedValue(card);
    api.listCardTemplates.mockResolvedValue({ cardTemplates: [] });
    const suspended = { ...card, status: 'suspended' as const, suspendedAt: '2026-11-28T01:00:00.000Z', suspensionReason: 'lost' };
    api.suspendCard.mockResolvedValue(suspended);
    api.resumeCard.mockResolvedValueOnce(card).mockRejectedValueOnce(Object.assign(new Error('the card is not suspended'), { status: 409 }));
    const { bus } = renderWithStore(<SmartcardViewPage cardId="c1" />, { api });
    await waitFor(() => expect(screen.getByTestId('card-status').textContent).toBe('issued'));
    expect(screen.queryByRole('button', { name: 'Resume card' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Reason for the suspension'), { target: { value: ' lost ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend card' }));
    await waitFor(() => expect(screen.getByTestId('card-status').textContent).toBe('suspended'));
    expect(api.suspendCard).toHaveBeenCalledWith({ smartcard_id: 'c1', reason: 'lost' });
    expect(screen.getByTestId('card-suspended').textContent).toContain('lost');
    expect(screen.getByTestId('card-change-status').textContent).toBe('Smartcard suspended');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Smartcard suspended', message: '5551234' });
    expect(screen.queryByRole('button', { name: 'Suspend card' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Resume card' }));
    await waitFor(() => expect(screen.getByTestId('card-status').textContent).toBe('issued'));
    expect(api.resumeCard).toHaveBeenCalledWith('c1');
    expect(screen.getByTestId('card-change-status').textContent).toBe('Smartcard resumed');

    // A refusal shows the failure text with the server's reason and leaves the card as it was.
    api.getSmartcard.mockResolvedValue(suspended);
    api.suspendCard.mockClear();
    renderWithStore(<SmartcardViewPage cardId="c1" />, { api });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Resume card' }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: 'Resume card' }).at(-1)!);
    await waitFor(() => expect(screen.getAllByTestId('card-change-status').at(-1)!.textContent).toBe('Smartcard could not be resumed: the card is not suspended'));
  });
});
