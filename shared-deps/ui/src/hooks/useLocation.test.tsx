/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { useLocation } from './useLocation';

function Show() {
  const { pathname, search } = useLocation();
  return <p>{pathname + search}</p>;
}

describe('useLocation', () => {
  it('should re-render on popstate', () => {
    window.history.pushState(null, '', '/home');
    render(<Show />);
    expect(screen.getByText('/home')).toBeTruthy();
    act(() => {
      window.history.pushState(null, '', '/about?x=1');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('/about?x=1')).toBeTruthy();
  });
});
