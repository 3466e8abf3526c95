/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { FormError } from './FormError';

describe('FormError', () => {
  it('should announce the error as an alert', () => {
    render(<FormError>Check Username and Password</FormError>);
    expect(screen.getByRole('alert').textContent).toBe('Check Username and Password');
  });

  it('should render nothing without an error', () => {
    const { container } = render(<FormError>{null}</FormError>);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should pass className and extra props to the banner', () => {
    render(<FormError className="extra" data-testid="err">Oops</FormError>);
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('extra');
    expect(alert.getAttribute('data-testid')).toBe('err');
  });
});
