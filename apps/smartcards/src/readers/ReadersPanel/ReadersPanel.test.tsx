/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReadersPanel } from './ReadersPanel';

const reader = {
  name: 'Tessera Virtual Reader 0',
  cardPresent: true,
  smartcard: { serialNumber: '12345678', atr: '3B8C800154', cardType: 'PIV' },
  printer: { name: 'Virtual Card Printer', isCardPrinter: true },
  status: 'PRESENT',
  processing: true,
};

describe('ReadersPanel', () => {
  it('should show each reader with its card, ATR, serial, type, status, printer and processing state', () => {
    render(<ReadersPanel agent="connected" failure={null} readers={[reader]} pin={{}} onValidatePin={() => {}} onReconnect={() => {}} />);
    const row = screen.getByRole('row', { name: 'Tessera Virtual Reader 0' });
    for (const text of ['Card present', '3B8C800154', '12345678', 'PIV', 'PRESENT', 'Virtual Card Printer (card printer)', 'Processing']) {
      expect(row.textContent).toContain(text);
    }
    expect(screen.getByTestId('agent-status').textContent).toBe('Connected');
  });

  it('should send the PIN typed for a reader and show the outcome', async () => {
    const calls: [string, string][] = [];
    const { rerender } = render(
      <ReadersPanel agent="connected" failure={null} readers={[{ ...reader, processing: false }]} pin={{}} onValidatePin={(r, p) => calls.push([r, p])} onReconnect={() => {}} />,
    );
    await userEvent.type(screen.getByLabelText('Card PIN for Tessera Virtual Reader 0'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Validate PIN' }));
    expect(calls).toEqual([['Tessera Virtual Reader 0', '123456']]);
    rerender(
      <ReadersPanel agent="connected" failure={null} readers={[reader]} pin={{ [reader.name]: { status: 'success', message: 'PIN validated successfully' } }} onValidatePin={() => {}} onReconnect={() => {}} />,
    );
    expect(screen.getByRole('status').textContent).toBe('PIN validated successfully');
  });

  it('should offer to connect again after a failure', async () => {
    let reconnects = 0;
    render(<ReadersPanel agent="failed" failure="Unable to connect to local CMS Client: Ensure that your security client is running." readers={[]} pin={{}} onValidatePin={() => {}} onReconnect={() => (reconnects += 1)} />);
    expect(screen.getByText('No readers')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(reconnects).toBe(1);
  });

  it('should refuse a PIN the configured requirements refuse, with their text, and send nothing', async () => {
    const calls: [string, string][] = [];
    const requirements = { minLength: 6, maxLength: 7, digitsOnly: true, description: 'PIN must be between 6-7 numbers' };
    render(<ReadersPanel agent="connected" failure={null} readers={[{ ...reader, processing: false }]} pin={{}} requirements={requirements} onValidatePin={(r, p) => calls.push([r, p])} onReconnect={() => {}} />);
    const field = screen.getByLabelText('Card PIN for Tessera Virtual Reader 0');
    await userEvent.type(field, '12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Validate PIN' }));
    expect(screen.getByRole('status').textContent).toBe('PIN must be between 6-7 numbers');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Validate PIN' }));
    expect(calls).toEqual([['Tessera Virtual Reader 0', '1234567']]);
  });
});
