/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { IdentityRoot } from './IdentityRoot';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('IdentityRoot', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });

  it('should say an identity page without a screen is not available yet', () => {
    window.history.pushState({}, '', '/identity/visitor/visit/v-1');
    render(<IdentityRoot />);
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
  });

  it('should render nothing outside the identity area', () => {
    window.history.pushState({}, '', '/home');
    const { container } = render(<IdentityRoot />);
    expect(container.innerHTML).toBe('');
  });
});
