/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Subject } from 'rxjs';
import type { ToastInput } from '@tessera/domain';
import { ToastProvider } from '../../toasts/ToastContext';
import { ToastHost } from '../ToastHost';
import { ToastLog } from './ToastLog';

function setup() {
  const toasts$ = new Subject<ToastInput>();
  render(
    <ToastProvider toasts$={toasts$}>
      <ToastLog className="extra" />
      <ToastHost />
    </ToastProvider>,
  );
  const show = (input: ToastInput) => act(() => toasts$.next(input));
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { show, advance, user };
}

describe('ToastLog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should list the newest 20 toasts, newest first, after they left the screen', async () => {
    const { show, advance, user } = setup();
    for (let i = 1; i <= 25; i++) show({ type: 'info', title: `Toast ${i}`, message: '' });
    advance(3000 + 6000);
    expect(screen.queryAllByRole('status')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    const items = within(screen.getByRole('region', { name: 'Notification log' })).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]?.textContent).toContain('Toast 25');
    expect(items[19]?.textContent).toContain('Toast 6');
  });

  it('should close on Escape', async () => {
    const { user } = setup();
    const button = screen.getByRole('button', { name: /Notifications/ });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('No notifications yet')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notification log' })).toBeNull();
  });
});
