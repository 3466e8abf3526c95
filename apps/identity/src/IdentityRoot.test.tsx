/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ROUTES } from '@tessera/domain';
import { IdentityRoot } from './IdentityRoot';
import { IDENTITY_PAGES } from './identityPages';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('IdentityRoot', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });

  it('should have a screen for every route of the identity area, and only for those', () => {
    const identityPaths = ROUTES.filter((r) => r.area === 'identity').map((r) => r.path).sort();
    expect(IDENTITY_PAGES.map((p) => p.path).sort()).toEqual(identityPaths);
  });

  it('should render nothing outside the identity area', () => {
    window.history.pushState({}, '', '/home');
    const { container } = render(<IdentityRoot />);
    expect(container.innerHTML).toBe('');
  });
});

describe('IdentityRoot pages', () => {
  it('should mount the page of a built route with its parameters', async () => {
    const { fakeApi, renderWithStore, testRole } = await import('./testing/renderWithStore');
    const api = fakeApi();
    api.getRole.mockResolvedValue(testRole({ id: 'r-7', name: 'Help desk' }));
    window.history.pushState({}, '', '/identity/roles/view/r-7');
    renderWithStore(<IdentityRoot />, { api });
    expect(await screen.findByRole('heading', { name: 'Help desk' })).toBeTruthy();
    expect(api.getRole).toHaveBeenCalledWith('r-7');
  });
});
