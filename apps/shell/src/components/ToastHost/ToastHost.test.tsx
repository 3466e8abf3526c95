/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Subject } from 'rxjs';
import type { ToastInput } from '@tessera/domain';
import { ToastProvider } from '../../toasts/ToastContext';
import { ToastHost } from './ToastHost';

function setup(tenancyTimeoutMs: number | null = null) {
  const toasts$ = new Subject<ToastInput>();
  render(
    <ToastProvider toasts$={toasts$} tenancyTimeoutMs={tenancyTimeoutMs}>
      <ToastHost data-testid="host" />
    </ToastProvider>,
  );
  const show = (input: ToastInput) => act(() => toasts$.next(input));
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { show, advance, user };
}

const saved: ToastInput = { type: 'success', title: 'Saved', message: 'The user was saved' };
const note: ToastInput = { type: 'message', title: 'Note', message: 'Read me' };

/** The toasts on screen, top to bottom. */
function toastTitles(): string[] {
  return Array.from(screen.getByTestId('host').querySelectorAll('[data-tessera-toast]')).map((el) => el.querySelector('p')?.textContent ?? '');
}

/** Ends the fade-out the browser would report. */
function endFade(name: string) {
  fireEvent.transitionEnd(screen.getByRole('status', { name }));
}

describe('ToastHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should show a toast with its title, message and a close button', () => {
    const { show } = setup();
    show(saved);
    const toast = screen.getByRole('status', { name: 'Saved' });
    expect(toast.textContent).toContain('The user was saved');
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('should fade a toast out after 3000 ms and remove it when the fade ends', () => {
    const { show, advance } = setup();
    show(saved);
    advance(2999);
    expect(screen.getByRole('status', { name: 'Saved' }).getAttribute('data-state')).toBe('shown');
    advance(1);
    expect(screen.getByRole('status', { name: 'Saved' }).getAttribute('data-state')).toBe('leaving');
    endFade('Saved');
    expect(screen.queryByRole('status', { name: 'Saved' })).toBeNull();
  });

  it('should fade a new toast in, and treat a light toast like the timed kinds', () => {
    const { show, advance } = setup();
    show({ type: 'light', title: 'Hint', message: 'A light note' });
    const toast = screen.getByRole('status', { name: 'Hint' });
    // The fade-in is the toast's entry animation, declared by the host's style sheet.
    const css = Array.from(document.querySelectorAll('style')).map((s) => s.textContent ?? '').join('\n');
    expect(css).toMatch(/\[data-tessera-toast\][^{]*\{[^}]*animation: tessera-toast-in \d+ms/);
    expect(css).toMatch(/@keyframes tessera-toast-in \{ from \{ opacity: 0/);
    expect(toast.getAttribute('data-state')).toBe('shown');
    advance(3000);
    expect(toast.getAttribute('data-state')).toBe('leaving');
  });

  it('should force the toast closed 6000 ms after the fade starts if the fade never ends', () => {
    const { show, advance } = setup();
    show(saved);
    advance(3000);
    advance(5999);
    expect(screen.queryByRole('status', { name: 'Saved' })).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('status', { name: 'Saved' })).toBeNull();
  });

  it('should use the tenancy toastrTimeout instead of 3000 ms', () => {
    const { show, advance } = setup(5000);
    show(saved);
    advance(4999);
    expect(screen.getByRole('status', { name: 'Saved' }).getAttribute('data-state')).toBe('shown');
    advance(1);
    expect(screen.getByRole('status', { name: 'Saved' }).getAttribute('data-state')).toBe('leaving');
  });

  it('should keep a message toast until it is closed, hovered or not', async () => {
    const { show, advance, user } = setup();
    show(note);
    advance(60_000);
    const toast = screen.getByRole('status', { name: 'Note' });
    await user.hover(toast);
    await user.unhover(toast);
    advance(60_000);
    expect(toast.getAttribute('data-state')).toBe('shown');
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    endFade('Note');
    expect(screen.queryByRole('status', { name: 'Note' })).toBeNull();
  });

  it('should suppress a duplicate of a visible toast', () => {
    const { show } = setup();
    show(saved);
    show(saved);
    expect(screen.getAllByRole('status', { name: 'Saved' })).toHaveLength(1);
  });

  it('should show the newest toast on top', () => {
    const { show } = setup();
    show(saved);
    show(note);
    show({ type: 'info', title: 'Third', message: '' });
    expect(toastTitles()).toEqual(['Third', 'Note', 'Saved']);
  });

  it('should pause while hovered and remove the toast 1000 ms after the pointer leaves', async () => {
    const { show, advance, user } = setup();
    show(saved);
    const toast = screen.getByRole('status', { name: 'Saved' });
    await user.hover(toast);
    advance(10_000);
    expect(toast.getAttribute('data-state')).toBe('shown');
    await user.unhover(toast);
    advance(999);
    expect(toast.getAttribute('data-state')).toBe('shown');
    advance(1);
    expect(toast.getAttribute('data-state')).toBe('leaving');
  });

  it('should announce an error toast as an alert', () => {
    const { show } = setup();
    show({ type: 'error', title: 'Too Many Requests', message: 'Slow down' });
    expect(screen.getByRole('alert', { name: 'Too Many Requests' })).toBeTruthy();
  });
});
