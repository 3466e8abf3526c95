/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { ConfigRoot } from './ConfigRoot';
import { fakeApi, installMatchMedia, renderWithStore } from './testing/renderWithStore';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  const tenancyConfig = jest.fn().mockResolvedValue({ name: 'Acme', supportEmail: 'help@acme.test', bannerColour: null, toastrTimeout: null, disclaimer: null, timeZone: 'UTC', mfaRequired: false, selfRegistration: false });
  const listCardTemplates = jest.fn().mockResolvedValue({
    cardTemplates: [{ cardTemplateId: '6f1d3a2e-0000-4000-8000-000000000001', name: 'staff', slots: [{ slot: '9A', certificateTemplateId: 'c', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: null, pinRequirements: { minLength: 6, maxLength: 8, digitsOnly: true, description: '' }, createdAt: '', updatedAt: '' }],
  });
  return { ...renderWithStore(<ConfigRoot />, fakeApi({ tenancyConfig, listCardTemplates })), tenancyConfig };
}

describe('ConfigRoot', () => {
  beforeAll(installMatchMedia);

  it('should show the tenancy configuration at /config/tenancy', async () => {
    const { tenancyConfig } = renderAt('/config/tenancy');
    expect(await screen.findByRole('heading', { name: 'Tenancy configuration' })).toBeTruthy();
    expect(tenancyConfig).toHaveBeenCalledTimes(1);
  });

  it('should list the card templates with a link to each template editor at /config/smartcard', async () => {
    renderAt('/config/smartcard');
    const link = await screen.findByRole('link', { name: 'Edit staff' });
    expect(link.getAttribute('href')).toBe('/config/smartcard/edit/6f1d3a2e-0000-4000-8000-000000000001');
  });

  it('should say another config page is not available yet', () => {
    renderAt('/config/syslog-config');
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
  });

  it('should render nothing outside the config area', () => {
    const { container } = renderAt('/home');
    expect(container.innerHTML).toBe('');
  });
});
