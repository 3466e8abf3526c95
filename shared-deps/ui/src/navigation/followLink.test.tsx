/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { followLink, navigate } from './followLink';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('followLink', () => {
  beforeEach(() => jest.mocked(navigateToUrl).mockClear());

  it('should navigate through single-spa on a plain left click and keep the browser from loading the page', () => {
    render(
      <a href="/tickets/search" onClick={followLink}>
        Tickets
      </a>,
    );
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Tickets' }), { button: 0 });
    expect(notPrevented).toBe(false);
    expect(navigateToUrl).toHaveBeenCalledWith('/tickets/search');
  });

  it.each([['ctrlKey'], ['metaKey'], ['shiftKey'], ['altKey']])('should leave a click with %s to the browser', (key) => {
    render(
      <a href="/home" onClick={followLink}>
        Home
      </a>,
    );
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Home' }), { button: 0, [key]: true });
    expect(notPrevented).toBe(true);
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('should navigate to a path', () => {
    navigate('/about');
    expect(navigateToUrl).toHaveBeenCalledWith('/about');
  });
});
