/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentDialog } from './PaymentDialog';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('PaymentDialog', () => {
  it('should render nothing while closed', () => {
    render(<PaymentDialog open={false} canManageBilling onClose={jest.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should be a named modal dialog that Close and Escape close', async () => {
    const onClose = jest.fn();
    render(<PaymentDialog open canManageBilling onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Payment method required' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('link', { name: 'Open billing settings' }).getAttribute('href')).toBe('/config/invoices');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('should offer no billing link to a viewer who may not open it', () => {
    render(<PaymentDialog open canManageBilling={false} onClose={jest.fn()} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
