/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXTENDED_KEY_USAGE_LABELS, EXTENDED_KEY_USAGE_NAMES, KEY_USAGES, KEY_USAGE_LABELS, PKI_MESSAGES, SAN_TYPES } from '@tessera/domain';
import { navigate } from '@tessera/ui';
import { apiError, fakeApi, fakeBus, installMatchMedia, renderWithStore, testCa, testTemplate } from '../../testing/renderWithStore';
import { TemplateEditorPage } from './TemplateEditorPage';

jest.mock('@tessera/ui', () => ({ ...jest.requireActual('@tessera/ui'), navigate: jest.fn() }));

describe('TemplateEditorPage', () => {
  beforeAll(() => installMatchMedia());
  beforeEach(() => jest.clearAllMocks());

  it('should edit subjects (new field CN), SANs (new field DNS), key usages, EKUs and validity units, and PUT the whole template', async () => {
    const api = fakeApi();
    const bus = fakeBus();
    api.listCertificateAuthorities.mockResolvedValue({ cas: [testCa(), testCa({ id: 'ca-2', friendlyName: 'Issuing CA' })] });
    const template = testTemplate({ certificateSubjects: [], certificateSans: [], rawName: 'tls-raw' });
    api.listCertificateTemplates.mockResolvedValue({ templates: [template] });
    api.updateCertificateTemplate.mockImplementation(async (input) => testTemplate({ ...input, certificateSans: input.certificateSans }));
    const user = userEvent.setup();
    renderWithStore(<TemplateEditorPage templateId="t-1" />, { api, bus });
    expect(await screen.findByRole('heading', { name: 'tls-server' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add subject field' }));
    expect((screen.getByRole('combobox', { name: 'Subject field 1' }) as HTMLSelectElement).value).toBe('CN');
    expect((screen.getByRole('textbox', { name: 'Subject value 1' }) as HTMLInputElement).value).toBe('CommonName');
    await user.click(screen.getByRole('button', { name: 'Add subject field' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject field 2' }), 'O');
    await user.clear(screen.getByRole('textbox', { name: 'Subject value 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Subject value 2' }), 'Example Ltd');
    await user.click(screen.getByRole('button', { name: 'Add SAN field' }));
    expect((screen.getByRole('combobox', { name: 'SAN type 1' }) as HTMLSelectElement).value).toBe('DNS');
    expect((screen.getByRole('textbox', { name: 'SAN value 1' }) as HTMLInputElement).value).toBe('DNS');
    await user.click(screen.getByRole('button', { name: 'Add SAN field' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'SAN type 2' }), 'IP');
    await user.click(screen.getByRole('checkbox', { name: 'key encipherment (keyEncipherment)' }));
    await user.click(screen.getByRole('checkbox', { name: 'TLS server auth (serverAuth)' }));
    await user.click(screen.getByRole('checkbox', { name: 'timestamping (timeStamping)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Validity units' }), 'MONTHS');
    await user.clear(screen.getByRole('spinbutton', { name: 'Validity period' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Validity period' }), '6');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Certificate authority' }), 'ca-2');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(api.updateCertificateTemplate).toHaveBeenCalledTimes(1));
    expect(api.updateCertificateTemplate.mock.calls[0]![0]).toMatchObject({
      templateId: 't-1',
      templateName: 'tls-server',
      rawName: 'tls-raw',
      caId: 'ca-2',
      validityPeriod: 6,
      validityPeriodUnits: 'MONTHS',
      keyUsages: ['digitalSignature', 'keyEncipherment'],
      extendedKeyUsages: ['timeStamping'],
      certificateSubjects: [{ subjectField: 'CN', fieldValue: 'CommonName' }, { subjectField: 'O', fieldValue: 'Example Ltd' }],
      certificateSans: [{ sanField: 'DNS', fieldValue: 'DNS' }, { sanField: 'IP', fieldValue: 'DNS' }],
    });
    expect((await screen.findByRole('status')).textContent).toBe('The template was saved.');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: PKI_MESSAGES.TEMPLATE_SAVED, message: 'tls-server' });
  });

  it('should create a new template with the defaults of admin-console §3 and open it, and check the form before sending', async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockResolvedValue({ cas: [testCa()] });
    api.createCertificateTemplate.mockResolvedValue(testTemplate({ templateId: 't-new', templateName: 'vpn' }));
    const user = userEvent.setup();
    renderWithStore(<TemplateEditorPage templateId="new" />, { api });
    expect(await screen.findByRole('heading', { name: 'New certificate template' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Validity units' }) as HTMLSelectElement).value).toBe('YEARS');
    // Every validity unit, key usage, extended key usage and SAN type of admin-console §4 is offered.
    const options = (name: string) => [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((o) => o.value);
    expect(options('Validity units')).toEqual(['HOURS', 'DAYS', 'MONTHS', 'YEARS']);
    const legend = (name: string) => within(screen.getByRole('group', { name })).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent);
    expect(legend('Key usages')).toEqual(KEY_USAGES.map((k) => `${KEY_USAGE_LABELS[k]} (${k})`));
    expect(legend('Extended key usages')).toEqual(EXTENDED_KEY_USAGE_NAMES.map((k) => `${EXTENDED_KEY_USAGE_LABELS[k]} (${k})`));
    expect(legend('Extended key usages')).toEqual(expect.arrayContaining(['IPsec end system (ipsecEndSystem)', 'IPsec tunnel (ipsecTunnel)', 'IPsec user (ipsecUser)', 'timestamping (timeStamping)']));
    await user.click(screen.getByRole('button', { name: 'Add SAN field' }));
    expect(options('SAN type 1')).toEqual([...SAN_TYPES]);
    expect(SAN_TYPES).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Remove SAN field 1' }));
    expect((screen.getByRole('combobox', { name: 'Subject field 1' }) as HTMLSelectElement).value).toBe('CN');
    await user.click(screen.getByRole('checkbox', { name: 'EC_NIST' }));
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(screen.getByText('Template name is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one key type')).toBeTruthy();
    expect(api.createCertificateTemplate).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Template name' }), 'vpn');
    await user.click(screen.getByRole('checkbox', { name: 'RSA' }));
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(api.createCertificateTemplate).toHaveBeenCalledTimes(1));
    expect(api.createCertificateTemplate.mock.calls[0]![0]).toMatchObject({ templateName: 'vpn', caId: 'ca-root', keyTypes: ['RSA'], validityPeriodUnits: 'YEARS', ignoreCsrDetails: true, certificateSubjects: [{ subjectField: 'CN', fieldValue: 'CommonName' }], certificateSans: [] });
    expect(api.createCertificateTemplate.mock.calls[0]![0]).not.toHaveProperty('templateId');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pki/manage/certificate-templates/t-new'));
  });

  it("should show the server's refusal on the field it names and keep the form", async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockResolvedValue({ cas: [testCa()] });
    api.listCertificateTemplates.mockResolvedValue({ templates: [testTemplate()] });
    api.updateCertificateTemplate.mockRejectedValue(apiError('VALIDATION', 'templateName is already used by another template', { field: 'templateName' }));
    const user = userEvent.setup();
    renderWithStore(<TemplateEditorPage templateId="t-1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('templateName is already used by another template')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Template name' }) as HTMLInputElement).value).toBe('tls-server');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('should say so for an id that is no template', async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockResolvedValue({ cas: [testCa()] });
    renderWithStore(<TemplateEditorPage templateId="nope" />, { api });
    expect(await screen.findByText('No certificate template has this id.')).toBeTruthy();
  });
});
