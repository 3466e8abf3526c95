/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testCa, testTemplate } from '../../testing/renderWithStore';
import { CaViewPage } from './CaViewPage';

describe('CaViewPage', () => {
  beforeAll(() => installMatchMedia());

  it("should edit the CA's licensed templates and tenants and PUT them", async () => {
    const api = fakeApi();
    const ca = testCa({ licensedTemplates: [{ licensedTemplateId: 't-web', enabled: true, anonymousEnabled: false, selfServiceEligible: false }], licensedTenants: [{ tenantId: 'tenant-a', enabled: true }] });
    api.listCertificateAuthorities.mockResolvedValue({ cas: [ca] });
    api.listCertificateTemplates.mockResolvedValue({ templates: [testTemplate({ templateId: 't-web', templateName: 'web' }), testTemplate({ templateId: 't-vpn', templateName: 'vpn' })] });
    api.updateCaLicensing.mockImplementation(async (request) => ({ ...ca, licensedTemplates: request.licensedTemplates, licensedTenants: request.licensedTenants }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<CaViewPage caId="ca-root" />, { api });
    const table = await screen.findByRole('table', { name: 'Licensed templates' });
    await waitFor(() => expect(within(table).getByRole('row', { name: 'vpn' })).toBeTruthy());
    expect((screen.getByRole('checkbox', { name: 'Licensed: web' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Licensed: vpn' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Anonymous requests: web' }));
    await user.click(screen.getByRole('checkbox', { name: 'Licensed: vpn' }));
    await user.click(screen.getByRole('checkbox', { name: 'Self-service: vpn' }));
    await user.click(screen.getByRole('button', { name: 'Add tenant' }));
    await user.type(screen.getByRole('textbox', { name: 'Tenant id 2' }), 'tenant-b');
    await user.click(screen.getByRole('checkbox', { name: 'Enabled 1' }));
    await user.click(screen.getByRole('button', { name: 'Save licensing' }));
    await waitFor(() =>
      expect(api.updateCaLicensing).toHaveBeenCalledWith({
        id: 'ca-root',
        licensedTemplates: [
          { licensedTemplateId: 't-web', enabled: true, anonymousEnabled: true, selfServiceEligible: false },
          { licensedTemplateId: 't-vpn', enabled: true, anonymousEnabled: false, selfServiceEligible: true },
        ],
        licensedTenants: [
          { tenantId: 'tenant-a', enabled: false },
          { tenantId: 'tenant-b', enabled: true },
        ],
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('The licensing was saved.');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'The licensing was saved.', message: 'Root CA' });
  });

  it('should drop a template whose flags are all cleared, remove a tenant, and show the refusal of the field', async () => {
    const api = fakeApi();
    const ca = testCa({ licensedTemplates: [{ licensedTemplateId: 't-web', enabled: true, anonymousEnabled: false, selfServiceEligible: false }], licensedTenants: [{ tenantId: 'tenant-a', enabled: true }] });
    api.listCertificateAuthorities.mockResolvedValue({ cas: [ca] });
    api.listCertificateTemplates.mockResolvedValue({ templates: [testTemplate({ templateId: 't-web', templateName: 'web' })] });
    api.updateCaLicensing.mockRejectedValue(apiError('VALIDATION', 'licensedTenants names x, which is not a tenant', { field: 'licensedTenants' }));
    const user = userEvent.setup();
    renderWithStore(<CaViewPage caId="ca-root" />, { api });
    await user.click(await screen.findByRole('checkbox', { name: 'Licensed: web' }));
    await user.click(screen.getByRole('button', { name: 'Remove tenant 1' }));
    await user.click(screen.getByRole('button', { name: 'Save licensing' }));
    await waitFor(() => expect(api.updateCaLicensing).toHaveBeenCalledWith({ id: 'ca-root', licensedTemplates: [], licensedTenants: [] }));
    expect(await screen.findByText('licensedTenants names x, which is not a tenant')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
