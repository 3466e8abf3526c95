/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { FullPageSpinner } from './FullPageSpinner';

// jsdom has no matchMedia; Primer's Spinner asks it for prefers-reduced-motion.
beforeAll(() => {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList);
});

describe('FullPageSpinner', () => {
  it('should be a status named Loading', () => {
    render(<FullPageSpinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('should pass className and extra props to the status element', () => {
    render(<FullPageSpinner className="extra" data-testid="spin" label="Signing in" />);
    const status = screen.getByRole('status', { name: 'Signing in' });
    expect(status.className).toBe('extra');
    expect(status.getAttribute('data-testid')).toBe('spin');
  });
});
